import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * KaTeX's stylesheet lists woff2, woff and ttf for every face. Every browser we serve
 * reads woff2, so the other two are dropped and never reach dist/.
 */
function katexWoff2Only(): Plugin {
  return {
    name: 'katex-woff2-only',
    enforce: 'pre',
    transform(code, id) {
      if (!/katex(\.min)?\.css$/.test(id.split('?')[0] ?? '')) return null;
      return code.replace(/,\s*url\([^)]+\.(?:woff|ttf)\)\s*format\("(?:woff|truetype)"\)/g, '');
    },
  };
}

export default defineConfig({
  base: './',
  plugins: [katexWoff2Only(), react()],
  build: {
    target: 'es2022',
    assetsInlineLimit: 0,
    reportCompressedSize: false,
    manifest: true,
    // Every browser this page serves preloads modules itself; the polyfill would only add bytes.
    modulePreload: { polyfill: false },
    // One stylesheet in the page head: a figure's styles must be there before it hydrates,
    // or the prerendered markup would shift when its chunk arrives.
    cssCodeSplit: false,
  },
  preview: { port: 4173, strictPort: true, host: '127.0.0.1' },
});
