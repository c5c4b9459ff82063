import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.resolve(__dirname, '../../src');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

function imports(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  return [...code.matchAll(/(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]/g)].map((m) => m[1]!);
}

function layerOf(file: string, spec: string): string | null {
  if (!spec.startsWith('.')) return `pkg:${spec}`;
  const target = path.resolve(path.dirname(file), spec);
  const rel = path.relative(src, target);
  return rel.startsWith('..') ? 'outside' : (rel.split(path.sep)[0] ?? null);
}

// Which layers each layer may import from (DESIGN.md: essay -> widgets -> (viz, content, core)).
const allowed: Record<string, string[]> = {
  core: ['core'],
  content: ['content', 'core', 'outside'],
  viz: ['viz'],
  widgets: ['widgets', 'viz', 'content', 'core'],
  essay: ['essay', 'widgets', 'content', 'core', 'app'],
  app: ['app', 'essay', 'widgets', 'viz', 'content', 'core'],
};

describe('imports point one way', () => {
  for (const file of files(src)) {
    const layer = path.relative(src, file).split(path.sep)[0]!;
    it(`${path.relative(src, file)} stays inside its layer's reach`, () => {
      for (const spec of imports(file)) {
        const target = layerOf(file, spec);
        if (target?.startsWith('pkg:')) {
          if (layer === 'core') expect(spec, 'core imports only d3 submodules').toMatch(/^d3-/);
          if (spec === 'katex') expect(path.relative(src, file)).toBe(path.join('essay', 'typeset.ts'));
          continue;
        }
        expect(allowed[layer], `${layer} -> ${target}`).toContain(target);
      }
    });
  }

  it('keeps KaTeX and the essay out of everything the browser loads', () => {
    const clientSide = [...files(path.join(src, 'widgets')), ...files(path.join(src, 'viz')), path.join(src, 'app', 'client.tsx'), path.join(src, 'app', 'islandLoaders.tsx')];
    for (const file of clientSide) {
      for (const spec of imports(file)) {
        expect(spec, file).not.toBe('katex');
        expect(layerOf(file, spec), file).not.toBe('essay');
      }
    }
  });
});
