/** The dark-mode switch: a real button, pressed when the dark theme is on. */
import { useEffect, useState } from 'react';
import { applyTheme, currentTheme, THEME_EVENT, type Theme } from './theme';

export function ThemeToggle() {
  // Unknown on the server; settled after hydration so the markup matches.
  const [theme, setTheme] = useState<Theme | null>(null);

  useEffect(() => {
    setTheme(currentTheme());
    const media = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null;
    const sync = () => setTheme(currentTheme());
    media?.addEventListener('change', sync);
    document.addEventListener(THEME_EVENT, sync);
    return () => {
      media?.removeEventListener('change', sync);
      document.removeEventListener(THEME_EVENT, sync);
    };
  }, []);

  const dark = theme === 'dark';
  return (
    <button
      type="button"
      className="theme-toggle"
      aria-pressed={theme === null ? undefined : dark}
      disabled={theme === null}
      onClick={() => applyTheme(dark ? 'light' : 'dark')}
    >
      <span aria-hidden="true" className="theme-toggle-icon">
        {dark ? '☾' : '☀'}
      </span>
      Dark theme
    </button>
  );
}
