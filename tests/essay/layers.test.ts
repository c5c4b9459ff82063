import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.resolve(__dirname, '../../src');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : /\.(ts|tsx|css)$/.test(name) ? [full] : [];
  });
}

const sources = files(src).filter((f) => /\.tsx?$/.test(f));

interface Import {
  spec: string;
  /** `import type` / `export type`: erased at build, so it carries no code into a bundle. */
  typeOnly: boolean;
}

function imports(file: string): Import[] {
  const code = readFileSync(file, 'utf8');
  return [...code.matchAll(/(?:^|\n)\s*(import|export)(\s+type)?[^'"]*?from\s+['"]([^'"]+)['"]/g)].map((m) => ({ spec: m[3]!, typeOnly: Boolean(m[2]) }));
}

/** The file an import resolves to, or null for a package or a non-code file (a stylesheet). */
function resolveFile(file: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(file), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (sources.includes(candidate)) return candidate;
  }
  return null;
}

function layerOf(file: string, spec: string): string {
  if (!spec.startsWith('.')) return `pkg:${spec}`;
  const rel = path.relative(src, path.resolve(path.dirname(file), spec));
  return rel.startsWith('..') ? 'outside' : rel.split(path.sep)[0]!;
}

// Which layers each layer may import from. core and format sit at the bottom and import nothing of ours;
// nothing points up (essay never reaches app, nor core: the sections print what content computed).
const allowed: Record<string, string[]> = {
  core: ['core'],
  format: ['format'],
  content: ['content', 'core', 'format', 'outside'],
  viz: ['viz', 'format'],
  widgets: ['widgets', 'viz', 'content', 'core', 'format'],
  essay: ['essay', 'widgets', 'viz', 'content', 'format'],
  app: ['app', 'essay', 'widgets', 'viz', 'content', 'format'],
};

describe('imports point one way', () => {
  for (const file of sources) {
    const rel = path.relative(src, file);
    const layer = rel.split(path.sep)[0]!;
    it(`${rel} stays inside its layer's reach`, () => {
      expect(allowed[layer], `${rel} is in no known layer`).toBeDefined();
      for (const { spec, typeOnly } of imports(file)) {
        const target = layerOf(file, spec);
        if (target.startsWith('pkg:')) {
          if (layer === 'core') expect(spec, 'core imports only d3 submodules').toMatch(/^d3-/);
          if (layer === 'format') expect.unreachable(`format imports nothing, not ${spec}`);
          if (spec === 'katex') expect(rel).toBe(path.join('essay', 'typeset.ts'));
          continue;
        }
        expect(allowed[layer], `${layer} -> ${target} (${spec})`).toContain(target);
        // content loads the data files and their schemas; a figure's chunk must not carry them.
        if (layer === 'widgets' && target === 'content') expect(typeOnly, `${rel} imports ${spec} for more than types`).toBe(true);
      }
    });
  }

  it('has no cycle among the modules', () => {
    const graph = new Map(sources.map((f) => [f, imports(f).flatMap(({ spec }) => resolveFile(f, spec) ?? [])]));
    const state = new Map<string, 'open' | 'done'>();
    const cycles: string[] = [];
    const visit = (f: string, trail: string[]) => {
      if (state.get(f) === 'done') return;
      if (state.get(f) === 'open') {
        cycles.push([...trail.slice(trail.indexOf(f)), f].map((x) => path.relative(src, x)).join(' -> '));
        return;
      }
      state.set(f, 'open');
      for (const next of graph.get(f) ?? []) visit(next, [...trail, f]);
      state.set(f, 'done');
    };
    for (const f of sources) visit(f, []);
    expect(cycles).toEqual([]);
  });

  it('keeps KaTeX and the essay out of everything the browser loads', () => {
    const clientSide = [
      ...sources.filter((f) => /^(widgets|viz|format|core)\//.test(path.relative(src, f))),
      path.join(src, 'app', 'shell.ts'),
      path.join(src, 'app', 'hydrate.tsx'),
    ];
    for (const file of clientSide) {
      for (const { spec } of imports(file)) {
        expect(spec, file).not.toBe('katex');
        expect(layerOf(file, spec), file).not.toBe('essay');
      }
    }
  });
});

describe('the tree stays readable', () => {
  it('no file in src/ is longer than 300 lines', () => {
    const long = files(src)
      .map((f) => [path.relative(src, f), readFileSync(f, 'utf8').split('\n').length - 1] as const)
      .filter(([, lines]) => lines > 300);
    expect(long).toEqual([]);
  });
});
