/**
 * Loads data/lineage.json (the seven steps, their papers and the layer patterns), validated,
 * fills the figures its text names from data/architectures.json, and derives the numbers the
 * lineage diagrams draw: cache against state, one write two ways, decay per channel, K3's stack.
 */
import { randomLcg } from 'd3-random';
import { z } from 'zod';
import raw from '../../data/lineage.json';
import { DEFAULT_GATES, D, makeStream, readError, sequentialSteps, write, zeroState } from '../core';
import { integer } from '../format';
import { ARCHITECTURES_FILE, architectures, GPT2_ID, k3Facts, KIMI_LINEAR_ID, model, required, type K3Facts } from './architectures';
import { httpsUrl, sourced } from './figure';
import { FIGURE_STATUSES, type Architectures } from './schema';
import { parseData } from './validate';

export const LINEAGE_FILE = 'data/lineage.json';

const figure = <T extends z.ZodType>(value: T) => sourced(value, FIGURE_STATUSES);

const layerKind = z.enum(['kda', 'mla']);
export type LayerKind = z.output<typeof layerKind>;

/** The figures a step's text may name, as {name}; anything else in braces is a typo. */
const PLACEHOLDERS = [
  'gpt2.contextTokens',
  'hybrid.ratio',
  'k3.linearLayers',
  'k3.fullAttentionLayers',
  'k3.layers',
  'k3.expertsRouted',
  'k3.expertsActive',
  'k3.expertsShared',
  'k3.depthSummaryEvery',
  'k3.contextTokens',
  'kimiLinear.linearLayers',
  'kimiLinear.fullAttentionLayers',
  'kimiLinear.layers',
] as const;
type Placeholder = (typeof PLACEHOLDERS)[number];
const PLACEHOLDER = /\{([^{}]*)\}/g;

const text = z
  .string()
  .min(1)
  .superRefine((s, ctx) => {
    for (const [, name] of s.matchAll(PLACEHOLDER)) {
      if (!(PLACEHOLDERS as readonly string[]).includes(name ?? '')) {
        ctx.addIssue({ code: 'custom', message: `unknown figure {${name}}; known: ${PLACEHOLDERS.join(', ')}` });
      }
    }
  });

const paper = z
  .strictObject({
    title: z.string().min(1),
    authors: z.array(z.string().min(1)).min(1),
    year: figure(z.number().int().min(1990).max(2100)),
    arxiv: z
      .string()
      .regex(/^\d{4}\.\d{4,5}$/, 'arXiv ids look like 2102.11174')
      .nullable(),
    url: httpsUrl,
  })
  .refine((p) => p.arxiv === null || p.url === `https://arxiv.org/abs/${p.arxiv}`, {
    message: 'a paper with an arXiv id links to its abstract page, https://arxiv.org/abs/<id>',
    path: ['url'],
  });

const DIAGRAMS = ['cache', 'cacheVsState', 'write', 'chunks', 'decay', 'perChannelDecay', 'k3'] as const;
export type DiagramKind = (typeof DIAGRAMS)[number];

const step = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/, 'id must be lower-case letters, digits and dashes'),
  year: figure(z.number().int().min(2017).max(2100)),
  name: text,
  wall: text,
  fix: text,
  cost: text,
  policy: text,
  rule: text.refine((s) => s.length <= 90, 'a rule is one line on the ladder: at most 90 characters'),
  gaveUp: text.refine((s) => s.length <= 70, 'what a step gave up is one line on the ladder: at most 70 characters'),
  papers: z.array(paper).min(1),
  equations: z.array(z.strictObject({ id: z.string().min(1), label: z.string().min(1) })).min(1),
  diagram: z.enum(DIAGRAMS),
  sources: z.array(httpsUrl).min(1),
});

const lineageSchema = z
  .strictObject({
    $comment: z.string().optional(),
    steps: z.array(step).min(1),
    gpt2Shape: z.strictObject({
      heads: figure(z.number().int().positive()),
      headDim: figure(z.number().int().positive()),
      dModel: figure(z.number().int().positive()),
    }),
    hybridCycle: figure(z.array(layerKind).min(1)),
    k3Stack: z.strictObject({
      cycle: figure(z.array(layerKind).min(1)),
      tail: figure(z.array(layerKind)),
    }),
  })
  .refine((d) => new Set(d.steps.map((s) => s.id)).size === d.steps.length, {
    message: 'step ids must be unique',
    path: ['steps'],
  })
  .refine((d) => d.steps.every((s, i) => i === 0 || s.year.value >= d.steps[i - 1]!.year.value), {
    message: 'steps must be in chronological order',
    path: ['steps'],
  })
  .refine((d) => d.gpt2Shape.heads.value * d.gpt2Shape.headDim.value === d.gpt2Shape.dModel.value, {
    message: 'heads × head dimension must equal the model width',
    path: ['gpt2Shape', 'headDim'],
  });

type Lineage = z.output<typeof lineageSchema>;
/** A step; from lineageSteps(), with every {figure} in its text replaced by the number the data holds. */
export type LineageStep = z.output<typeof step>;

export function parseLineage(json: unknown, file = LINEAGE_FILE): Lineage {
  return parseData(lineageSchema, json, file);
}

export const lineage: Lineage = parseLineage(raw);

/** "3:1" for three linear layers to one attention layer. */
function cycleRatio(cycle: readonly LayerKind[]): string {
  const kda = cycle.filter((k) => k === 'kda').length;
  return `${kda}:${cycle.length - kda}`;
}

/**
 * K3's layers in order, from the stored cycle repeated as many whole times as fit before the
 * tail. Stops the build if the pattern disagrees with the layer counts of data/architectures.json.
 */
export function k3LayerKinds(data: Lineage = lineage, facts: K3Facts = k3Facts()): LayerKind[] {
  const { cycle, tail } = data.k3Stack;
  const room = facts.layers - tail.value.length;
  if (room < 0 || room % cycle.value.length !== 0) {
    throw new Error(
      `${LINEAGE_FILE}: k3Stack: a cycle of ${cycle.value.length} and a tail of ${tail.value.length} cannot make the ${facts.layers} layers of ${ARCHITECTURES_FILE}`,
    );
  }
  const kinds = [...Array.from({ length: room / cycle.value.length }, () => cycle.value).flat(), ...tail.value];
  const mla = kinds.filter((k) => k === 'mla').length;
  if (mla !== facts.fullAttentionLayers || kinds.length - mla !== facts.linearLayers) {
    throw new Error(
      `${LINEAGE_FILE}: k3Stack gives ${kinds.length - mla} KDA + ${mla} MLA layers; ${ARCHITECTURES_FILE} says ${facts.linearLayers} + ${facts.fullAttentionLayers}`,
    );
  }
  return kinds;
}

/** 1-based positions of the full-attention (MLA) layers. */
export function mlaPositions(kinds: readonly LayerKind[]): number[] {
  return kinds.flatMap((k, i) => (k === 'mla' ? [i + 1] : []));
}

function placeholderValues(data: Lineage, arch: Architectures): Record<Placeholder, string> {
  const k3 = k3Facts(arch);
  const gpt2 = model(GPT2_ID, arch);
  const kimiLinear = model(KIMI_LINEAR_ID, arch);
  const n = integer;
  return {
    'gpt2.contextTokens': n(required(gpt2, 'contextTokens')),
    'hybrid.ratio': cycleRatio(data.hybridCycle.value),
    'k3.linearLayers': n(k3.linearLayers),
    'k3.fullAttentionLayers': n(k3.fullAttentionLayers),
    'k3.layers': n(k3.layers),
    'k3.expertsRouted': n(k3.expertsRouted),
    'k3.expertsActive': n(k3.expertsActive),
    'k3.expertsShared': n(k3.expertsShared),
    'k3.depthSummaryEvery': n(k3.depthSummaryEvery),
    'k3.contextTokens': n(k3.contextTokens),
    'kimiLinear.linearLayers': n(required(kimiLinear, 'linearLayers')),
    'kimiLinear.fullAttentionLayers': n(required(kimiLinear, 'fullAttentionLayers')),
    'kimiLinear.layers': n(required(kimiLinear, 'layers')),
  };
}

function fill(s: string, values: Record<Placeholder, string>): string {
  return s.replace(PLACEHOLDER, (_, name: string) => values[name as Placeholder]);
}

export function lineageSteps(data: Lineage = lineage, arch: Architectures = architectures): LineageStep[] {
  const values = placeholderValues(data, arch);
  return data.steps.map((s) => ({
    ...s,
    name: fill(s.name, values),
    wall: fill(s.wall, values),
    fix: fill(s.fix, values),
    cost: fill(s.cost, values),
    policy: fill(s.policy, values),
    rule: fill(s.rule, values),
    gaveUp: fill(s.gaveUp, values),
  }));
}

interface CacheAgainstState {
  layers: number;
  context: number;
  /** Values the KV cache adds per token: a key and a value of width d_model in every layer. */
  cachePerToken: number;
  /** A linear-attention state of GPT-2's shape: one d_h × d_h matrix per head per layer. */
  state: number;
  /** Tokens after which the cache holds more values than the state. */
  crossing: number;
}

export function cacheAgainstState(data: Lineage = lineage, arch: Architectures = architectures): CacheAgainstState {
  const gpt2 = model(GPT2_ID, arch);
  const layers = required(gpt2, 'layers');
  const { heads, headDim, dModel } = data.gpt2Shape;
  const cachePerToken = 2 * layers * dModel.value;
  const state = layers * heads.value * headDim.value * headDim.value;
  return { layers, context: required(gpt2, 'contextTokens'), cachePerToken, state, crossing: state / cachePerToken };
}

interface WriteComparison {
  size: number;
  /** Row-major D × D states after the same writes. */
  additive: number[];
  delta: number[];
  /** Key channels written a second time, with a new value. */
  rewritten: number[];
  writes: number;
  /** Mean read error over the latest value stored at every key. */
  additiveError: number;
  deltaError: number;
}

/**
 * One value at each of the D one-hot keys, then new values at two of them: the additive state
 * piles old and new together; the delta rule (β = 1) replaces. Values from the forget figure's
 * seeded capacity stream.
 */
export function writeComparison(rewritten: readonly number[] = [2, 5], seed = 1): WriteComparison {
  const keys = Array.from({ length: D }, (_, i) => Float64Array.from({ length: D }, (_, c) => (c === i ? 1 : 0)));
  const { values } = makeStream({ kind: 'capacity', seed, length: D + rewritten.length });
  const order = [...keys.map((_, i) => i), ...rewritten];
  const gates = { ...DEFAULT_GATES, beta: 1 };
  let additive = zeroState();
  let delta = zeroState();
  const latest = [...values.slice(0, D)];
  order.forEach((key, t) => {
    additive = write('additive', additive, keys[key]!, values[t]!, gates);
    delta = write('delta', delta, keys[key]!, values[t]!, gates);
    latest[key] = values[t]!;
  });
  return {
    size: D,
    additive: Array.from(additive),
    delta: Array.from(delta),
    rewritten: [...rewritten],
    writes: order.length,
    additiveError: readError(additive, keys, latest),
    deltaError: readError(delta, keys, latest),
  };
}

/** The forget figure's default gates, so the two figures show the same decays. */
export function decayGates(perChannel: boolean): number[] {
  return perChannel ? Array.from(DEFAULT_GATES.channelAlpha) : Array.from({ length: D }, () => DEFAULT_GATES.alpha);
}

interface ChunkPicture {
  tokens: number;
  chunk: number;
  recurrentSteps: number;
  chunkedSteps: number;
}

export function chunkPicture(tokens = 16, chunk = 4): ChunkPicture {
  return {
    tokens,
    chunk,
    recurrentSteps: sequentialSteps({ L: tokens, C: 1 }),
    chunkedSteps: sequentialSteps({ L: tokens, C: chunk }),
  };
}

/**
 * Which experts light up in the picture of one token's routing. The router's real choice
 * changes with every token; a seeded draw keeps the build deterministic.
 */
export function litExperts(routed: number, active: number, seed = 3): number[] {
  const uniform = randomLcg(seed);
  const picked = new Set<number>();
  while (picked.size < Math.min(active, routed)) picked.add(Math.floor(uniform() * routed));
  return [...picked].sort((a, b) => a - b);
}
