/**
 * Trained parameters of a few stored cells of the recall grid (./mqarWeights.json, made by
 * scripts/mqar-weights.mjs, which trains each cell again and checks it is the stored cell to the
 * last bit): the context-switch cells at kv = d/2, seed 1, of the four delta rules, and gated delta
 * on plain recall at the same load and seed. Each tensor is the base64 of its Float64Array's bytes,
 * little-endian; the loader decodes them into Params and checks every name and length against the
 * memory's tensors at the grid's width.
 */
import { z } from 'zod';
import raw from './mqarWeights.json';
import { MIXERS, type Mixer, type Params, shapesOf, type Tensors } from '../core/mqar/params';
import { MQAR_STREAMS, type MqarStream } from '../core/mqar/task';
import { MQAR_GRID_FILE, type MqarGrid, mqarGrid } from './mqar';
import { parseData } from './validate';

export const MQAR_WEIGHTS_FILE = 'src/content/mqarWeights.json';

/** The grid's settings the weights file repeats. */
const SETTINGS = ['d', 'candidates', 'keys', 'queries', 'steps', 'warmup', 'decay', 'climb', 'evalSize', 'every'] as const;

const weightsSchema = z.strictObject({
  /** The commit of the grid whose cells were trained again. */
  commit: z.string().regex(/^[0-9a-f]{40}$/),
  made: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  script: z.string(),
  settings: z.strictObject({
    d: z.number().int().positive(),
    candidates: z.number().int(),
    keys: z.number().int(),
    queries: z.number().int(),
    steps: z.number().int(),
    warmup: z.number().int(),
    decay: z.enum(['cosine', 'none']),
    climb: z.number().int(),
    evalSize: z.number().int(),
    every: z.number().int(),
  }),
  cells: z
    .array(
      z.strictObject({
        stream: z.enum(MQAR_STREAMS as [MqarStream, ...MqarStream[]]),
        mixer: z.enum(MIXERS as [Mixer, ...Mixer[]]),
        kv: z.number().int().positive(),
        seed: z.number().int().nonnegative(),
        tensors: z.record(z.string(), z.string()),
      }),
    )
    .min(1),
});

/** One stored cell's trained parameters. */
export interface StoredWeights {
  stream: MqarStream;
  mixer: Mixer;
  kv: number;
  seed: number;
  params: Params;
}

export interface MqarWeights {
  commit: string;
  made: string;
  cells: StoredWeights[];
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** The numbers of a base64 string of little-endian float64 bytes, or a sentence saying why not. */
function decodeTensor(text: string, length: number): Float64Array | string {
  if (!BASE64.test(text)) return 'not base64';
  const bytes = atob(text);
  if (bytes.length !== length * 8) return `${bytes.length} bytes, ${length} numbers need ${length * 8}`;
  const view = new DataView(Uint8Array.from(bytes, (c) => c.charCodeAt(0)).buffer);
  const out = new Float64Array(length);
  for (let i = 0; i < length; i++) {
    out[i] = view.getFloat64(i * 8, true);
    if (!Number.isFinite(out[i]!)) return `entry ${i} is ${out[i]}, not a finite number`;
  }
  return out;
}

/** Validates the file, checks it belongs to the grid `g`, and decodes every cell's tensors into Params. */
export function parseWeights(json: unknown, g: MqarGrid = mqarGrid, file = MQAR_WEIGHTS_FILE): MqarWeights {
  const w = parseData(weightsSchema, json, file);
  if (w.commit !== g.commit) throw new Error(`${file}: field commit: ${w.commit}, not ${MQAR_GRID_FILE}'s ${g.commit}; run node scripts/mqar-weights.mjs`);
  for (const k of SETTINGS)
    if (w.settings[k] !== g.settings[k]) throw new Error(`${file}: field settings.${k}: ${w.settings[k]}, the grid's settings say ${g.settings[k]}`);
  const { d } = w.settings;
  const seen = new Set<string>();
  const cells = w.cells.map((c, i): StoredWeights => {
    const where = `${file}: entry cells[${i}] (${c.stream}, kv ${c.kv}, ${c.mixer}, seed ${c.seed})`;
    const key = `${c.stream} ${c.kv} ${c.mixer} ${c.seed}`;
    if (seen.has(key)) throw new Error(`${where}: appears twice`);
    seen.add(key);
    if (!g.cells.some((x) => x.stream === c.stream && x.kv === c.kv && x.mixer === c.mixer && x.seed === c.seed))
      throw new Error(`${where}: not a cell of ${MQAR_GRID_FILE}`);
    const shapes = shapesOf(c.mixer, d);
    for (const name of Object.keys(c.tensors))
      if (!shapes.some((s) => s.name === name)) throw new Error(`${where}, tensor ${name}: not a tensor of ${c.mixer} at d = ${d}`);
    const tensors: Tensors = {};
    for (const { name, rows, cols } of shapes) {
      const text = c.tensors[name];
      if (text === undefined) throw new Error(`${where}, tensor ${name}: missing`);
      const t = decodeTensor(text, rows * cols);
      if (typeof t === 'string') throw new Error(`${where}, tensor ${name} (${rows} × ${cols}): ${t}`);
      tensors[name] = t;
    }
    return { stream: c.stream, mixer: c.mixer, kv: c.kv, seed: c.seed, params: { mixer: c.mixer, d, tensors } };
  });
  return { commit: w.commit, made: w.made, cells };
}

export const mqarWeights: MqarWeights = parseWeights(raw);

/** The trained parameters of one stored cell; throws where the file holds none. */
export function storedParams(stream: MqarStream, mixer: Mixer, kv: number, seed: number, w: MqarWeights = mqarWeights): Params {
  const c = w.cells.find((x) => x.stream === stream && x.mixer === mixer && x.kv === kv && x.seed === seed);
  if (c === undefined) throw new Error(`${MQAR_WEIGHTS_FILE}: no weights for ${stream}, kv ${kv}, ${mixer}, seed ${seed}`);
  return c.params;
}
