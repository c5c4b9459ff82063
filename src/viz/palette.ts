/**
 * Reads the colour tokens from CSS so canvas drawings follow the theme exactly as the
 * styled parts of the page do. Tokens are defined once, in src/app/styles/tokens.css.
 */
export function cssToken(el: Element, name: string, fallback: string): string {
  const value = getComputedStyle(el).getPropertyValue(name).trim();
  return value || fallback;
}
