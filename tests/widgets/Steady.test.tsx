import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Steady } from '../../src/viz/Steady';

describe('Steady', () => {
  it('gives assistive technology the live text only, never the sizing template', () => {
    render(
      <Steady role="status" className="readout" template="128 pairs written, the longest line">
        16 pairs written
      </Steady>,
    );
    expect(screen.getByRole('status').textContent).toBe('16 pairs written');
    // The template is in the page, to size the box, but hidden from the accessibility tree.
    const template = screen.getByText('128 pairs written, the longest line');
    expect(template.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryByRole('status', { name: /longest/ })).toBeNull();
  });

  it('can hide a purely visual line as a whole', () => {
    const { container } = render(
      <Steady aria-hidden template="−8.88 0 +8.88">
        −0.50 0 +0.50
      </Steady>,
    );
    expect(container.firstElementChild?.getAttribute('aria-hidden')).toBe('true');
  });
});
