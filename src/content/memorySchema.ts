/**
 * The shapes data/memory.json gives for each model's layers (research/memory.md §3.1): one group
 * per layer kind, every number a sourced figure; a number the sources did not settle says
 * "not found" (or "not published") instead, and the model is then listed but not drawn.
 */
import { z } from 'zod';
import { sourced, httpsUrl } from './figure';
import { NOT_FOUND, NOT_PUBLISHED } from './schema';

const STATUSES = ['official', 'config', 'secondary', 'derived'] as const;
const whole = (min: number) => sourced(z.number().int().min(min).max(10_000_000), STATUSES);
const missing = z.strictObject({
  value: z.enum([NOT_FOUND, NOT_PUBLISHED]),
  status: z.enum([NOT_FOUND, NOT_PUBLISHED]),
  source: httpsUrl,
  note: z.string().min(1),
});
/** A size the sources give, or say they do not. */
const size = (min = 1) => z.union([whole(min), missing]);

const count = whole(0);
/** A yes-or-no fact about a group's storage, sourced like a size. */
const flag = sourced(z.literal(true), STATUSES).optional();
/** What the group is called in the figure, where its kind's own name would not tell it apart. */
const label = z.string().min(1).max(40).optional();
export const layerGroupSchema = z.discriminatedUnion('kind', [
  z.strictObject({ label, kind: z.literal('full'), count, kvHeads: size(), headDim: size(), valueHeadDim: size().optional() }),
  z.strictObject({ label, kind: z.literal('sliding'), count, kvHeads: size(), headDim: size(), valueHeadDim: size().optional(), window: size() }),
  z.strictObject({ label, kind: z.literal('mla'), count, latent: size(), rotary: size(0), sparse: flag }),
  z.strictObject({ label, kind: z.literal('compressed'), count, ratio: size(0), entry: size(), rotary: size(0), window: size(), indexDim: size(0) }),
  z.strictObject({ label, kind: z.literal('indexer'), count, keyDim: size(), alwaysFp8: flag }),
  z.strictObject({ label, kind: z.literal('linear'), count, keyHeads: size(), keyDim: size(), valueHeads: size(), valueDim: size(), conv: size() }),
  z.strictObject({ label, kind: z.literal('mamba'), count, heads: size(), headDim: size(), stateDim: size(), groups: size(), conv: size() }),
]);
export type LayerGroupData = z.output<typeof layerGroupSchema>;

/** What an engine was measured to hold a token, in a storage type the figure also computes. */
const measurementSchema = z.strictObject({
  engine: z.string().min(1),
  version: z.string().min(1),
  cache: z.enum(['bf16', 'fp8']),
  /** The engine's own name for its layout, e.g. fp8_ds_mla. */
  layout: z.string().min(1),
  bytesPerToken: z.number().int().positive(),
  model: z.string().min(1),
  source: httpsUrl,
  status: z.enum(STATUSES),
});

/**
 * Where engines hold otherwise than the logical bytes. The words carry no numbers: the figures
 * beside them are computed from `measurements`, each set against the figure at its own storage type.
 */
const engineSchema = z.strictObject({
  note: z.string().min(1),
  /** The same in a line short enough to stand beside the model's bar. */
  brief: z.string().min(1).max(70),
  measurements: z.array(measurementSchema),
  source: httpsUrl.optional(),
});

export const modelLayersSchema = z
  .strictObject({
    id: z.string().min(1),
    layers: z.array(layerGroupSchema).min(1),
    /** Layers that keep nothing per sequence (feed-forward or expert layers counted as layers of their own). */
    feedForwardOnly: count.optional(),
    engine: engineSchema.optional(),
    note: z.string().min(1).optional(),
  })
  .refine((m) => !m.engine || m.engine.measurements.length > 0 || m.engine.source !== undefined, {
    message: 'an engine note with no measurement names its source',
    path: ['engine', 'source'],
  });
export type ModelLayersData = z.output<typeof modelLayersSchema>;

const bytesFigure = sourced(z.number().int().positive().max(64), STATUSES);
export const storageSchema = z.strictObject({
  cacheDefault: bytesFigure,
  stateDefault: bytesFigure,
  stateNemotron: bytesFigure,
  stateTpu: bytesFigure,
  convBytes: bytesFigure,
  convLlamaCpp: bytesFigure,
  stateKda: bytesFigure,
  fp8ValueBytes: bytesFigure,
  sparseScaleEvery: sourced(z.number().int().positive(), STATUSES),
  sparseScaleBytes: bytesFigure,
  compressedScaleBytes: bytesFigure,
  indexScaleBytes: bytesFigure,
});

/** The systems effects the figure's logical bytes leave out, each with its source. */
const caveat = z.strictObject({ source: httpsUrl, note: z.string().min(1) });
export const caveatsSchema = z.strictObject({
  tensorParallel: caveat,
  kvHeadReplicas: caveat,
  stateCopies: caveat,
  /** Where vLLM's align mode, the mode it runs for Gated DeltaNet layers, keeps a prefix's state. */
  alignSnapshots: caveat,
  speculativeCopies: caveat,
});
