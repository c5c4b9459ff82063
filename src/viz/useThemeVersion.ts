/** A counter that changes whenever the page's theme may have changed, to trigger a redraw. */
import { useEffect, useState } from 'react';

export function useThemeVersion(): number {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const bump = () => setVersion((v) => v + 1);
    const media = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null;
    media?.addEventListener('change', bump);
    document.addEventListener('themechange', bump);
    return () => {
      media?.removeEventListener('change', bump);
      document.removeEventListener('themechange', bump);
    };
  }, []);
  return version;
}
