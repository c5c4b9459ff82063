import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { Select } from '../../src/viz/Select';

const options = [
  <option key="a" value="a">
    short
  </option>,
  <option key="b" value="b">
    a much longer option
  </option>,
];

describe('Select', () => {
  it('is written by the server as a button showing the chosen option, with every option there to size it', () => {
    const html = renderToString(
      <Select value="b" onChange={() => {}} id="pick">
        {options}
      </Select>,
    );
    expect(html).not.toContain('<select');
    expect(html).toMatch(/<button[^>]*id="pick"/);
    expect(html).toMatch(/<span data-current="">a much longer option<\/span>/);
    expect(html).toMatch(/<span aria-hidden="true">short<\/span>/);
  });

  it('becomes a native select once mounted, reporting the chosen value', async () => {
    const onChange = vi.fn();
    render(
      <label>
        Pick{' '}
        <Select value="a" onChange={onChange}>
          {options}
        </Select>
      </label>,
    );
    const select = screen.getByRole('combobox', { name: /pick/i });
    expect((select as HTMLSelectElement).value).toBe('a');
    await userEvent.setup().selectOptions(select, 'b');
    expect(onChange).toHaveBeenCalledWith('b');
  });
});
