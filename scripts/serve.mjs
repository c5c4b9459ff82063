// Serves a build as a static host that honours its `_headers` file would: every response carries
// the headers the file gives its path, and a file's type comes from its name (with nosniff, a
// wrong type would stop it), and a text file goes as its precompressed copy where the browser
// accepts one. Lighthouse (scripts/lighthouse.mjs) and the browser tests of the policy, the
// caching and the offline page use it; `node scripts/serve.mjs [dir] [port]` serves dist/ by hand.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { COMPRESSIBLE, headersFor, parseHeadersFile } from './harden.mjs';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * @param {{ dir: string, port?: number }} options
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export async function serveBuild({ dir, port = 0 }) {
  const root = path.resolve(dir);
  const server = createServer(async (req, res) => {
    try {
      const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
      // The rules are read on every request, so a test can change the build while it is served.
      const rules = parseHeadersFile(await readFile(path.join(root, '_headers'), 'utf8').catch(() => ''));
      let file = path.join(root, pathname);
      if (!file.startsWith(root)) throw Object.assign(new Error('outside'), { status: 403 });
      if ((await stat(file).catch(() => null))?.isDirectory()) file = path.join(file, 'index.html');
      const raw = await readFile(file).catch(() => null);
      for (const [name, value] of headersFor(rules, pathname)) res.setHeader(name, value);
      if (!raw) {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found');
        return;
      }
      // A text file goes as its precompressed copy (scripts/precompress.mjs) where the browser
      // accepts one: brotli first, then gzip.
      let body = raw;
      if (COMPRESSIBLE.test(file)) {
        res.setHeader('vary', 'accept-encoding');
        const accepts = String(req.headers['accept-encoding'] ?? '');
        for (const [encoding, ext] of [
          ['br', '.br'],
          ['gzip', '.gz'],
        ]) {
          if (!new RegExp(`\\b${encoding}\\b`).test(accepts)) continue;
          const packed = await readFile(file + ext).catch(() => null);
          if (!packed) continue;
          body = packed;
          res.setHeader('content-encoding', encoding);
          break;
        }
      }
      res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'content-length': body.length });
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch (error) {
      res.writeHead(/** @type {{ status?: number }} */ (error).status ?? 500).end();
    }
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(undefined)));
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://127.0.0.1:${bound}/`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [dir = 'dist', port = '4180'] = process.argv.slice(2);
  const { url } = await serveBuild({ dir, port: Number(port) });
  console.log(`serving ${dir} at ${url}`);
}
