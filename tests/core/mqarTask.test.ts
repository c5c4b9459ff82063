import { describe, expect, it } from 'vitest';
import {
  batch,
  batchSeed,
  type Embeddings,
  embeddings,
  MQAR_STREAMS,
  type MqarSpec,
  type MqarStream,
  REWRITE_SHARE,
  STREAM_TESTS,
  SWITCH_OLD_SHARE,
  SWITCH_REUSE_SHARE,
  type Sequence,
  sequence,
  streamShape,
} from '../../src/core/mqar/task';

const D = 8;
const e = embeddings(D, 256, 256, 7);
const KVS = [1, 2, 3, 4, 5, 8, 16, 33, 64];
const SEEDS = [0, 1, 2, 99, 2 ** 32 - 1];

const row = (x: Float64Array, i: number, width: number) => x.subarray(i * width, (i + 1) * width);
const same = (a: Float64Array, b: Float64Array) => a.length === b.length && a.every((x, i) => x === b[i]);

/** The index of the table row equal to x (exactly), or −1. */
function find(table: Float64Array, n: number, x: Float64Array): number {
  for (let i = 0; i < n; i++) if (same(row(table, i, x.length), x)) return i;
  return -1;
}

interface Token {
  kind: 'write' | 'query' | 'separator';
  key: number;
  value: number;
}

/** Reads each row of the inputs back into (key, value) by matching it against the embeddings, without trusting keyIds. */
function decode(emb: Embeddings, s: Sequence): Token[] {
  const { d } = emb;
  return Array.from({ length: s.T }, (_, t) => {
    const x = row(s.inputs, t, 2 * d);
    if (same(x, emb.separator)) return { kind: 'separator', key: -1, value: -1 };
    const key = find(emb.keys, emb.nKeys, x.subarray(0, d));
    const second = x.subarray(d);
    if (second.every((c) => c === 0)) return { kind: 'query', key, value: -1 };
    return { kind: 'write', key, value: find(emb.values, emb.candidates, second) };
  });
}

/** The hand-built answer: scan the writes left to right, keeping the last value per key. */
function lastValues(tokens: Token[]): Map<number, number> {
  const last = new Map<number, number>();
  for (const { kind, key, value } of tokens) if (kind === 'write') last.set(key, value);
  return last;
}

function cases(stream: MqarStream) {
  return KVS.flatMap((kv) => SEEDS.map((seed) => ({ kv, seed, s: sequence(e, stream, kv, seed) })));
}

/** Invariants every stream keeps. */
function common(stream: MqarStream, kv: number, s: Sequence) {
  const tokens = decode(e, s);
  const shape = streamShape(stream, kv);
  expect(s.T).toBe(shape.T);
  expect(s.inputs).toHaveLength(s.T * 2 * D);
  expect(s.keyIds).toHaveLength(s.T);
  expect(tokens.every((t) => t.key >= 0 || t.kind === 'separator')).toBe(true);
  expect(Array.from(s.keyIds)).toEqual(tokens.map((t) => t.key));
  const queried = tokens.flatMap((t, i) => (t.kind === 'query' ? [i] : []));
  expect(Array.from(s.queries)).toEqual(queried);
  expect(queried).toEqual(Array.from({ length: kv }, (_, q) => s.T - kv + q));
  expect(s.labels).toHaveLength(kv);
  const writes = tokens.filter((t) => t.kind === 'write');
  expect(writes).toHaveLength(shape.writes);
  // Every value index is a real candidate, and none repeats within a sequence.
  expect(writes.every((w) => w.value >= 0 && w.value < e.candidates)).toBe(true);
  expect(new Set(writes.map((w) => w.value)).size).toBe(writes.length);
  // Labels are the latest value written for the queried key.
  const last = lastValues(tokens);
  expect(Array.from(s.labels)).toEqual(Array.from(s.queries, (t) => last.get(tokens[t]!.key)));
  return { tokens, writes, shape, queriedKeys: Array.from(s.queries, (t) => tokens[t]!.key) };
}

describe('embeddings', () => {
  it('rows are unit vectors; the separator is a unit vector in its key half and zero in its value half', () => {
    const norm = (x: Float64Array) => Math.sqrt(x.reduce((sum, c) => sum + c * c, 0));
    for (let i = 0; i < e.nKeys; i++) expect(Math.abs(norm(row(e.keys, i, D)) - 1)).toBeLessThan(1e-12);
    for (let i = 0; i < e.candidates; i++) expect(Math.abs(norm(row(e.values, i, D)) - 1)).toBeLessThan(1e-12);
    expect(Math.abs(norm(e.separator.subarray(0, D)) - 1)).toBeLessThan(1e-12);
    expect(e.separator.subarray(D).every((c) => c === 0)).toBe(true);
    expect(e.keys).toHaveLength(256 * D);
    expect(e.values).toHaveLength(256 * D);
  });

  it('the same seed gives identical arrays; another seed, other arrays', () => {
    const a = embeddings(16, 64, 32, 3);
    expect(embeddings(16, 64, 32, 3)).toEqual(a);
    const b = embeddings(16, 64, 32, 4);
    expect(same(b.keys, a.keys)).toBe(false);
    expect(same(b.values, a.values)).toBe(false);
    expect(same(b.separator, a.separator)).toBe(false);
  });
});

describe('plain', () => {
  it.each(cases('plain'))('kv = $kv, seed $seed: distinct keys and values, each key asked once after every write, T = 2kv', ({ kv, s }) => {
    const { tokens, writes, queriedKeys } = common('plain', kv, s);
    expect(s.T).toBe(2 * kv);
    expect(tokens.slice(0, kv).every((t) => t.kind === 'write')).toBe(true);
    expect(tokens.slice(kv).every((t) => t.kind === 'query')).toBe(true);
    const written = writes.map((w) => w.key);
    expect(new Set(written).size).toBe(kv);
    expect([...queriedKeys].sort((a, b) => a - b)).toEqual([...written].sort((a, b) => a - b));
    const paired = new Map(writes.map((w) => [w.key, w.value]));
    expect(Array.from(s.labels)).toEqual(queriedKeys.map((k) => paired.get(k)));
  });
});

describe('rewrite', () => {
  it('rewrites a quarter of kv keys, at least one', () => {
    expect(REWRITE_SHARE).toBe(1 / 4);
    expect([1, 2, 4, 7, 8, 16, 64].map((kv) => streamShape('rewrite', kv).rewrites)).toEqual([1, 1, 1, 1, 2, 4, 16]);
    expect(streamShape('rewrite', 16)).toMatchObject({ T: 16 + 4 + 16, keys: 16, values: 20 });
  });

  it.each(cases('rewrite'))('kv = $kv, seed $seed: rewritten keys come twice with two values, and the later one is the answer', ({ kv, s }) => {
    const { tokens, writes, shape, queriedKeys } = common('rewrite', kv, s);
    expect(s.T).toBe(kv + shape.rewrites + kv);
    expect(tokens.slice(kv + shape.rewrites).every((t) => t.kind === 'query')).toBe(true);
    const byKey = new Map<number, number[]>();
    for (const w of writes) byKey.set(w.key, [...(byKey.get(w.key) ?? []), w.value]);
    expect(byKey.size).toBe(kv);
    const twice = [...byKey].filter(([, vs]) => vs.length === 2);
    expect(twice).toHaveLength(shape.rewrites);
    expect([...byKey.values()].every((vs) => vs.length <= 2)).toBe(true);
    expect([...queriedKeys].sort((a, b) => a - b)).toEqual([...byKey.keys()].sort((a, b) => a - b));
    for (const [key, [first, later]] of twice) {
      expect(later).not.toBe(first);
      expect(s.labels[queriedKeys.indexOf(key)]).toBe(later);
    }
  });

  it('over many seeds, a rewrite sometimes lands right after its first write and sometimes far from it', () => {
    const gaps = new Set<number>();
    for (let seed = 0; seed < 200; seed++) {
      const tokens = decode(e, sequence(e, 'rewrite', 8, seed));
      const first = new Map<number, number>();
      tokens.forEach((t, i) => {
        if (t.kind !== 'write') return;
        if (first.has(t.key)) gaps.add(i - first.get(t.key)!);
        else first.set(t.key, i);
      });
    }
    expect(gaps.has(1)).toBe(true);
    expect(Math.max(...gaps)).toBe(9);
  });
});

describe('switch', () => {
  it('an old context of kv pairs, and a new one reusing half of its kv keys, at least one', () => {
    expect(SWITCH_OLD_SHARE).toBe(1);
    expect(SWITCH_REUSE_SHARE).toBe(1 / 2);
    expect([1, 2, 3, 8, 64].map((kv) => streamShape('switch', kv))).toMatchObject([
      { oldPairs: 1, reused: 1, T: 4, keys: 1, values: 2 },
      { oldPairs: 2, reused: 1, T: 7, keys: 3, values: 4 },
      { oldPairs: 3, reused: 1, T: 10, keys: 5, values: 6 },
      { oldPairs: 8, reused: 4, T: 25, keys: 12, values: 16 },
      { oldPairs: 64, reused: 32, T: 193, keys: 96, values: 128 },
    ]);
  });

  it.each(cases('switch'))('kv = $kv, seed $seed: one separator; only the new context is asked, reused keys with their new value', ({ kv, s }) => {
    const { tokens, shape, queriedKeys } = common('switch', kv, s);
    const separators = tokens.flatMap((t, i) => (t.kind === 'separator' ? [i] : []));
    expect(separators).toEqual([shape.oldPairs]);
    expect(s.keyIds[shape.oldPairs]).toBe(-1);
    const old = tokens.slice(0, shape.oldPairs);
    const fresh = tokens.slice(shape.oldPairs + 1, s.T - kv);
    expect([...old, ...fresh].every((t) => t.kind === 'write')).toBe(true);
    expect(old).toHaveLength(shape.oldPairs);
    expect(fresh).toHaveLength(kv);
    expect(new Set(old.map((t) => t.key)).size).toBe(shape.oldPairs);
    expect(new Set(fresh.map((t) => t.key)).size).toBe(kv);
    // Every answer comes from a write after the separator.
    const after = new Map(fresh.map((t) => [t.key, t.value]));
    expect([...queriedKeys].sort((a, b) => a - b)).toEqual([...after.keys()].sort((a, b) => a - b));
    expect(Array.from(s.labels)).toEqual(queriedKeys.map((k) => after.get(k)));
    const before = new Map(old.map((t) => [t.key, t.value]));
    const reused = fresh.filter((t) => before.has(t.key));
    expect(reused).toHaveLength(shape.reused);
    for (const t of reused) expect(t.value).not.toBe(before.get(t.key));
  });
});

describe('determinism', () => {
  it.each(MQAR_STREAMS)('%s: the same seed gives the same sequence; another seed, another', (stream) => {
    const a = sequence(e, stream, 16, 5);
    expect(sequence(e, stream, 16, 5)).toEqual(a);
    expect(same(sequence(e, stream, 16, 6).inputs, a.inputs)).toBe(false);
  });

  it.each(MQAR_STREAMS)('%s: a batch of n holds n distinct sequences, each the sequence of its own seed', (stream) => {
    const spec: MqarSpec = { stream, kv: 4, d: D, candidates: 256, seed: 11 };
    const b = batch(e, spec.stream, spec.kv, 64, spec.seed);
    expect(b).toHaveLength(64);
    expect(new Set(b.map((s) => Array.from(s.inputs).join(','))).size).toBe(64);
    b.forEach((s, i) => {
      expect(s).toEqual(sequence(e, stream, spec.kv, batchSeed(spec.seed, i)));
    });
    expect(batch(e, stream, spec.kv, 64, spec.seed)).toEqual(b);
  });

  it('batch seeds are distinct within a batch and stay in range', () => {
    for (const seed of [0, 1, 2 ** 32 - 1]) {
      const seeds = Array.from({ length: 4096 }, (_, i) => batchSeed(seed, i));
      expect(new Set(seeds).size).toBe(4096);
      expect(seeds.every((x) => Number.isInteger(x) && x >= 0 && x < 2 ** 32)).toBe(true);
    }
  });
});

describe('STREAM_TESTS', () => {
  it('says in one sentence what each stream tests', () => {
    for (const stream of MQAR_STREAMS) expect(STREAM_TESTS[stream]).toMatch(/^[A-Z][^.]*\.$/);
    expect(STREAM_TESTS.rewrite).toMatch(/latest write/);
    expect(STREAM_TESTS.switch).toMatch(/gate/);
  });
});

describe('bad arguments throw, naming the argument', () => {
  it.each([
    ['d', () => embeddings(0, 8, 8, 1)],
    ['d', () => embeddings(2.5, 8, 8, 1)],
    ['nKeys', () => embeddings(4, -1, 8, 1)],
    ['candidates', () => embeddings(4, 8, Number.NaN, 1)],
    ['seed', () => embeddings(4, 8, 8, 0.5)],
    ['seed', () => embeddings(4, 8, 8, 2 ** 32)],
    ['kv', () => sequence(e, 'plain', 0, 1)],
    ['kv', () => sequence(e, 'rewrite', 1.5, 1)],
    ['kv', () => batch(e, 'switch', -2, 4, 1)],
    ['seed', () => sequence(e, 'plain', 4, -1)],
    ['stream', () => sequence(e, 'shuffle' as MqarStream, 4, 1)],
    ['size', () => batch(e, 'plain', 4, 0, 1)],
    ['size', () => batch(e, 'plain', 4, 3.5, 1)],
    ['seed', () => batch(e, 'plain', 4, 3, Number.POSITIVE_INFINITY)],
  ] as const)('%s', (name, call) => {
    expect(call).toThrow(new RegExp(`^${name} must`));
  });

  it('candidates must cover the distinct values a sequence needs, and nKeys its keys', () => {
    const small = embeddings(4, 64, 20, 1);
    expect(() => sequence(small, 'plain', 20, 1)).not.toThrow();
    expect(() => sequence(small, 'plain', 21, 1)).toThrow(/^candidates must be at least 21/);
    expect(() => sequence(small, 'rewrite', 16, 1)).not.toThrow();
    expect(() => sequence(small, 'rewrite', 17, 1)).toThrow(/^candidates must be at least 21/);
    expect(() => sequence(small, 'switch', 10, 1)).not.toThrow();
    expect(() => sequence(small, 'switch', 11, 1)).toThrow(/^candidates must be at least 22/);
    const few = embeddings(4, 10, 64, 1);
    expect(() => sequence(few, 'plain', 10, 1)).not.toThrow();
    expect(() => sequence(few, 'plain', 11, 1)).toThrow(/^nKeys must be at least 11/);
    expect(() => sequence(few, 'switch', 7, 1)).toThrow(/^nKeys must be at least 11/);
  });
});
