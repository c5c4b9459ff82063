import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ScaleFigure, SCALE_COLUMNS } from '../../src/widgets/Scale/ScaleFigure';

const props = {
  marks: 22501,
  activeMarks: 836,
  smallName: 'GPT-2 small',
  largeName: 'Kimi K3',
  largeTotal: '2.8 trillion',
  largeActive: '104 billion',
};

describe('ScaleFigure', () => {
  it('offers a text alternative with the counts it draws', () => {
    render(<ScaleFigure {...props} />);
    const img = screen.getByRole('img');
    expect(img.getAttribute('aria-label')).toMatch(/22,501 small squares, one per GPT-2 small/);
    expect(img.getAttribute('aria-label')).toMatch(/first 836, in gold/);
  });

  it('reserves the grid’s height from its shape before drawing', () => {
    render(<ScaleFigure {...props} />);
    const rows = Math.ceil(props.marks / SCALE_COLUMNS);
    expect(screen.getByRole('img').style.aspectRatio.replace(/\s/g, '')).toBe(`${SCALE_COLUMNS}/${rows}`);
  });

  it('labels both colours in the legend with counts that add up', () => {
    const { container } = render(<ScaleFigure {...props} />);
    expect(container.textContent).toContain('active on a token (836)');
    expect(container.textContent).toContain(`resident, idle (${(22501 - 836).toLocaleString('en-US')})`);
  });
});
