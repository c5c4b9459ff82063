/**
 * The reader's theme choice and the switch in the header. The stored choice wins; otherwise
 * the system preference. The inline script in index.html applies the stored choice before
 * first paint; this module wires the button, in plain DOM so the first screen needs no framework.
 */
export type Theme = 'light' | 'dark';
export const THEME_KEY = 'theme';
/** Dispatched on document when the reader switches; figures that paint colours listen for it. */
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

/** The button's markup, rendered by the server: disabled until this module takes it over. */
export const THEME_TOGGLE_SELECTOR = 'button.theme-toggle';

/**
 * Enables the prerendered switch, keeps its pressed state and icon in step with the theme
 * (including a change of the system preference) and switches on press.
 */
export function wireThemeToggle(doc: Document): () => void {
  const button = doc.querySelector<HTMLButtonElement>(THEME_TOGGLE_SELECTOR);
  if (!button) return () => {};
  const icon = button.querySelector('.theme-toggle-icon');
  const sync = () => {
    const dark = currentTheme() === 'dark';
    button.setAttribute('aria-pressed', String(dark));
    if (icon) icon.textContent = dark ? '☾' : '☀';
  };
  const press = () => applyTheme(currentTheme() === 'dark' ? 'light' : 'dark');
  const media = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null;
  sync();
  button.disabled = false;
  button.addEventListener('click', press);
  doc.addEventListener(THEME_EVENT, sync);
  media?.addEventListener('change', sync);
  return () => {
    button.removeEventListener('click', press);
    doc.removeEventListener(THEME_EVENT, sync);
    media?.removeEventListener('change', sync);
  };
}
