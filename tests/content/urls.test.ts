/**
 * Every link the data holds is https, and every data file's schema refuses one that is not,
 * naming the file and the field: the page never sends a reader to a plain-http page.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseArchitectures } from '../../src/content/architectures';
import { parseComparisons } from '../../src/content/comparisons';
import { parseCorrections } from '../../src/content/corrections';
import { parseHardware } from '../../src/content/hardware';
import { parseMemory } from '../../src/content/k3Memory';
import { parseGlossary } from '../../src/content/glossary';
import { parseLineage } from '../../src/content/lineage';
import { parseReferences } from '../../src/content/references';
import { parseUpdates } from '../../src/content/updates';

const DATA = path.resolve('data');
import { parseAfterKda } from '../../src/content/afterKda';
import { equations } from '../../src/essay/equations';

const PARSERS: Record<string, (json: unknown) => unknown> = {
  'architectures.json': parseArchitectures,
  'comparisons.json': parseComparisons,
  'corrections.json': parseCorrections,
  'hardware.json': parseHardware,
  'memory.json': parseMemory,
  'lineage.json': parseLineage,
  'references.json': parseReferences,
  'glossary.json': parseGlossary,
  'updates.json': (json) => parseUpdates(json),
  'afterKda.json': (json) => parseAfterKda(json, equations),
};
/** Files that hold words, not figures: no links to check. */
const WITHOUT_LINKS = new Set(['glossary.json', 'updates.json']);

/** Every string in a JSON value that reads as an absolute URL, with where it sits. */
function urls(value: unknown, at: (string | number)[] = []): { at: (string | number)[]; url: string }[] {
  if (typeof value === 'string') return /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? [{ at, url: value }] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => urls(v, [...at, i]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => urls(v, [...at, k]));
  return [];
}

function setAt(root: unknown, at: (string | number)[], to: string) {
  let node = root as Record<string | number, unknown>;
  for (const key of at.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[at.at(-1)!] = to;
}

const files = readdirSync(DATA).filter((f) => f.endsWith('.json'));

describe('the links in data/', () => {
  it('every data file has a parser here', () => {
    expect(files.sort()).toEqual(Object.keys(PARSERS).sort());
  });

  for (const file of files) {
    const raw = JSON.parse(readFileSync(path.join(DATA, file), 'utf8')) as unknown;
    const found = urls(raw);

    if (WITHOUT_LINKS.has(file)) {
      it(`${file}: holds no links`, () => {
        expect(found).toEqual([]);
        expect(() => PARSERS[file]!(raw)).not.toThrow();
      });
      continue;
    }

    it(`${file}: every URL is https`, () => {
      expect(found.length).toBeGreaterThan(0);
      expect(found.filter((u) => !u.url.startsWith('https://'))).toEqual([]);
    });

    it(`${file}: each link, made plain http, is refused with the file and the field named`, () => {
      // Every URL field, not only the first: a field the schema forgot to check would pass here.
      for (const u of found) {
        const bad = structuredClone(raw);
        setAt(bad, u.at, u.url.replace(/^https:/, 'http:'));
        expect(() => PARSERS[file]!(bad), u.at.join('.')).toThrow(new RegExp(`${file.replace('.', '\\.')}[\\s\\S]*must be an https URL`));
      }
    });
  }
});
