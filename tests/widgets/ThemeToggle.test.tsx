import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ThemeToggle } from '../../src/widgets/Theme/ThemeToggle';

function mockSystemDark(dark: boolean) {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: dark && query.includes('dark'),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

describe('ThemeToggle', () => {
  beforeEach(() => {
    localStorage.clear();
    delete document.documentElement.dataset.theme;
  });

  it('starts from the system preference and switches by keyboard, remembering the choice', async () => {
    mockSystemDark(false);
    const user = userEvent.setup();
    render(<ThemeToggle />);
    const button = await screen.findByRole('button', { name: /dark theme/i });
    expect(button.getAttribute('aria-pressed')).toBe('false');

    await user.tab();
    expect(document.activeElement).toBe(button);
    await user.keyboard('{Enter}');
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');

    await user.keyboard(' ');
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(localStorage.getItem('theme')).toBe('light');
  });

  it('reads a dark system preference when nothing is stored', async () => {
    mockSystemDark(true);
    render(<ThemeToggle />);
    expect((await screen.findByRole('button', { name: /dark theme/i })).getAttribute('aria-pressed')).toBe('true');
  });
});
