/**
 * The dark-mode switch as the server writes it: a real button, disabled and hidden until
 * ./theme.ts takes it over (without script there is nothing it could do).
 */
export function ThemeToggle() {
  return (
    <button type="button" className="theme-toggle" disabled>
      <span aria-hidden="true" className="theme-toggle-icon">
        ☀
      </span>
      Dark theme
    </button>
  );
}
