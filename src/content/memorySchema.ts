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
/** What the group is called in the figure, where its kind's own name would not tell it apart. */
const label = z.string().min(1).max(40).optional();
export const layerGroupSchema = z.discriminatedUnion('kind', [
  z.strictObject({ label, kind: z.literal('full'), count, kvHeads: size(), headDim: size(), valueHeadDim: size().optional() }),
  z.strictObject({ label, kind: z.literal('sliding'), count, kvHeads: size(), headDim: size(), valueHeadDim: size().optional(), window: size() }),
  z.strictObject({ label, kind: z.literal('mla'), count, latent: size(), rotary: size(0) }),
  z.strictObject({ label, kind: z.literal('compressed'), count, ratio: size(0), entry: size(), rotary: size(0), window: size(), indexDim: size(0) }),
  z.strictObject({ label, kind: z.literal('indexer'), count, keyDim: size() }),
  z.strictObject({ label, kind: z.literal('linear'), count, keyHeads: size(), keyDim: size(), valueHeads: size(), valueDim: size(), conv: size() }),
  z.strictObject({ label, kind: z.literal('mamba'), count, heads: size(), headDim: size(), stateDim: size(), groups: size(), conv: size() }),
]);
export type LayerGroupData = z.output<typeof layerGroupSchema>;

export const modelLayersSchema = z
  .strictObject({
    id: z.string().min(1),
    layers: z.array(layerGroupSchema).min(1),
    /** Layers that keep nothing per sequence (feed-forward or expert layers counted as layers of their own). */
    feedForwardOnly: count.optional(),
    /** Where engines allocate differently from the logical bytes, and the page that shows it. */
    engine: z.string().min(1).optional(),
    /** The same in a line short enough to stand beside the model's bar. */
    engineBrief: z.string().min(1).max(90).optional(),
    engineSource: httpsUrl.optional(),
    note: z.string().min(1).optional(),
  })
  .refine((m) => [m.engineBrief, m.engineSource].every((x) => (x === undefined) === (m.engine === undefined)), {
    message: 'engine, engineBrief and engineSource come together',
    path: ['engine'],
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
  latentScaleEvery: sourced(z.number().int().positive(), STATUSES),
  latentScaleBytes: bytesFigure,
  compressedScaleBytes: bytesFigure,
  indexScaleBytes: bytesFigure,
});
