import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { smallestBrotli } from '../../scripts/precompress.mjs';

const plain = (body: Buffer) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_LGBLOCK]: 24 } });

describe('the brotli copies', () => {
  // A large text of the page's kind: its own source files, repeated past the size where tries begin.
  const sources = ['src/viz/LogLogChart.tsx', 'src/viz/LineChart.tsx', 'src/app/styles/prose.css', 'README.md'];
  const large = Buffer.from(
    sources
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n')
      .repeat(6),
  );

  it('decode to the very bytes they were made from, small file or large', async () => {
    const small = Buffer.from('<p>a short page</p>'.repeat(10));
    expect(large.length).toBeGreaterThan(131_072);
    for (const body of [small, large]) expect(brotliDecompressSync(await smallestBrotli(body)).equals(body)).toBe(true);
  });

  it('are never larger than the plain encoding at the same quality', async () => {
    expect((await smallestBrotli(large)).length).toBeLessThanOrEqual(plain(large).length);
  });
});
