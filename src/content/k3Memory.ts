/**
 * Loads data/memory.json, validated, and computes what Kimi K3's layers hold per sequence at a
 * given context (src/core/hybridMemory.ts), with GPT-2 small's whole KV cache beside it.
 */
import { z } from 'zod';
import raw from '../../data/memory.json';
import { cacheBytesPerTokenPerLayer, cacheOutgrowsState, type HybridShape, hybridMemory, linearLayerBytes } from '../core';
import { architectures, GPT2_ID, k3Facts, model, required } from './architectures';
import { httpsUrl, sourced } from './figure';
import { lineage } from './lineage';
import type { Architectures } from './schema';
import { parseData } from './validate';
import { caveatsSchema, modelLayersSchema, storageSchema } from './memorySchema';

export const MEMORY_FILE = 'data/memory.json';

const figure = sourced(z.number().int().positive(), ['official', 'config', 'secondary'] as const);

const memorySchema = z.strictObject({
  $comment: z.string().optional(),
  k3: z.strictObject({
    kdaHeads: figure,
    kdaHeadDim: figure,
    stateBytesPerValue: figure,
    convKernel: figure,
    convBytesPerValue: figure,
    mlaLatent: figure,
    mlaRotary: figure,
    cacheBytesPerValue: figure,
  }),
  storage: storageSchema,
  caveats: caveatsSchema,
  models: z.array(modelLayersSchema).min(1),
  sharpLogits: z
    .array(
      z.strictObject({
        title: z.string().min(1),
        authors: z.string().min(1),
        year: z.number().int().min(2000),
        url: httpsUrl,
        supports: z.string().min(1),
      }),
    )
    .min(1),
});

export type MemoryData = z.output<typeof memorySchema>;

export function parseMemory(json: unknown, file = MEMORY_FILE): MemoryData {
  return parseData(memorySchema, json, file);
}

export const memoryData: MemoryData = parseMemory(raw);

/** Kimi K3's stack as the memory model sees it: layer counts from data/architectures.json, shapes from data/memory.json. */
export function k3Shape(data: MemoryData = memoryData, arch: Architectures = architectures): HybridShape {
  const k3 = k3Facts(arch);
  const m = data.k3;
  return {
    attentionLayers: k3.fullAttentionLayers,
    cacheValuesPerToken: m.mlaLatent.value + m.mlaRotary.value,
    cacheBytesPerValue: m.cacheBytesPerValue.value,
    linearLayers: k3.linearLayers,
    heads: m.kdaHeads.value,
    headDim: m.kdaHeadDim.value,
    stateBytesPerValue: m.stateBytesPerValue.value,
    convKernel: m.convKernel.value,
    convBytesPerValue: m.convBytesPerValue.value,
  };
}

export interface K3MemoryFacts {
  shape: HybridShape;
  /** Bytes all the MLA layers add per token. */
  cachePerToken: number;
  /** Bytes of one KDA layer's state alone, and with its convolution state. */
  statePerLayer: number;
  linearLayerBytes: number;
  /** Where the cache outgrows the states, in tokens. */
  crossover: number;
  /** The same at K3's full context. */
  atContext: ReturnType<typeof hybridMemory> & { context: number };
  /** Values per token if the 64 unrotated dimensions are left out of the cache. */
  latentOnly: number;
  /** GPT-2 small's KV cache at its whole context, at the same bytes a value as K3's cache. */
  gpt2: { context: number; bytes: number; valuesPerToken: number };
  sources: Record<keyof MemoryData['k3'], string>;
  notes: Partial<Record<keyof MemoryData['k3'], string>>;
  sharpLogits: MemoryData['sharpLogits'];
}

export function k3MemoryFacts(data: MemoryData = memoryData, arch: Architectures = architectures): K3MemoryFacts {
  const shape = k3Shape(data, arch);
  const context = k3Facts(arch).contextTokens;
  const gpt2 = model(GPT2_ID, arch);
  const gpt2Context = required(gpt2, 'contextTokens');
  const valuesPerToken = 2 * required(gpt2, 'layers') * lineage.gpt2Shape.dModel.value;
  const keys = Object.keys(data.k3) as (keyof MemoryData['k3'])[];
  return {
    shape,
    cachePerToken: shape.attentionLayers * cacheBytesPerTokenPerLayer(shape),
    statePerLayer: shape.heads * shape.headDim * shape.headDim * shape.stateBytesPerValue,
    linearLayerBytes: linearLayerBytes(shape),
    crossover: cacheOutgrowsState(shape),
    atContext: { ...hybridMemory(shape, context), context },
    latentOnly: data.k3.mlaLatent.value,
    gpt2: { context: gpt2Context, valuesPerToken, bytes: valuesPerToken * gpt2Context * shape.cacheBytesPerValue },
    sources: Object.fromEntries(keys.map((k) => [k, data.k3[k].source])) as Record<keyof MemoryData['k3'], string>,
    notes: Object.fromEntries(keys.flatMap((k) => (data.k3[k].note ? [[k, data.k3[k].note]] : []))),
    sharpLogits: data.sharpLogits,
  };
}
