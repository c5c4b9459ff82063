/**
 * The reader's theme choice. The stored choice wins; otherwise the system preference.
 * The inline script in index.html applies the stored choice before first paint.
 */
export type Theme = 'light' | 'dark';
export const THEME_KEY = 'theme';
export const THEME_EVENT = 'themechange';

export function systemTheme(): Theme {
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export function currentTheme(): Theme {
  const set = document.documentElement.dataset.theme;
  return set === 'light' || set === 'dark' ? set : systemTheme();
}

export function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  try {
    localStorage.setItem(THEME_KEY, theme);
  } catch {
    // Private modes may refuse storage; the choice then lasts for this page only.
  }
  document.dispatchEvent(new CustomEvent(THEME_EVENT, { detail: theme }));
}
