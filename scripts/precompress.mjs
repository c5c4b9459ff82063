// Writes beside each text file of the build its brotli (.br, quality 11) and gzip (.gz, level 9)
// copies, which a static host that serves precompressed files (scripts/serve.mjs does, as do
// nginx's brotli_static and gzip_static, Caddy's precompressed and most CDNs) sends in its
// place to a browser that accepts them: the page itself is a quarter smaller in brotli than in gzip.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { COMPRESSIBLE } from './harden.mjs';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Brotli at its best quality with the largest input blocks it allows (a few dozen bytes fewer on
 * the page than its default), trying a few of the distance codes the format lets an encoder
 * choose (any decoder reads them all) and keeping the smallest: on a document the size of the
 * page the choice moves its size by up to about 120 bytes, and which one wins shifts with every
 * edit, so the build tries them instead of fixing one. Files under 128 KiB (all but the page and
 * its main script) take the default: there the tries gain a few bytes for seconds of build.
 * @param {Buffer} body
 * @returns {Promise<Buffer>}
 */
export async function smallestBrotli(body) {
  const tries = body.length < 131_072 ? [0] : [0, 4, 8, 12];
  const outs = await Promise.all(
    tries.map((direct) =>
      brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_LGBLOCK]: 24,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          [constants.BROTLI_PARAM_NDIRECT]: direct,
        },
      }),
    ),
  );
  return outs.reduce((a, b) => (b.length < a.length ? b : a));
}

/**
 * Every file's copies are made at once, on the thread pool, so a machine's cores share the work.
 * @param {string} dir
 * @returns {Promise<{ files: number, raw: number, br: number, gz: number }>}
 */
export async function precompress(dir) {
  const files = (await readdir(dir, { withFileTypes: true, recursive: true }))
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !file.split(path.sep).some((part) => part.startsWith('.')));
  return precompressFiles(files);
}

/**
 * The copies of the given files alone: where only they changed since the last `precompress`,
 * the build's copies are then what it would write afresh (both encoders are deterministic).
 * @param {string[]} files
 * @returns {Promise<{ files: number, raw: number, br: number, gz: number }>}
 */
export async function precompressFiles(files) {
  const sizes = await Promise.all(
    files.map(async (file) => {
      const body = await readFile(file);
      const [br, gz] = await Promise.all([smallestBrotli(body), gzipped(body, { level: 9 })]);
      await writeFile(`${file}.br`, br);
      await writeFile(`${file}.gz`, gz);
      return { raw: body.length, br: br.length, gz: gz.length };
    }),
  );
  return sizes.reduce((t, s) => ({ files: t.files + 1, raw: t.raw + s.raw, br: t.br + s.br, gz: t.gz + s.gz }), { files: 0, raw: 0, br: 0, gz: 0 });
}
