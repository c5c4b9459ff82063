/**
 * The recall grid as files the page serves (./mqar.ts holds the grid): the CSV and JSON of every
 * cell, every cell's training curve, and each memory's settings as a config for fla or Zoology.
 * Each names the commit and script that made the grid.
 */
import type { Mixer } from '../core/mqar/params';
import { curveKey, type StoredCurve } from '../core/mqar/stored';
import { csvField } from './csv';
import { gridBatch, MEMORY_WORDS, MQAR_GRID_FILE, type MqarGrid, mqarGrid, neverTrained, numbersKept, PLATEAU_MARGIN } from './mqar';

/** Where the page serves the whole stored grid. */
export const MQAR_DOWNLOADS = {
  json: 'data/recall-grid.json',
  csv: 'data/recall-grid.csv',
  /** Every cell's training curve, fetched by the trainer to draw a cell's stored seeds beside a reader's run. */
  curves: 'data/recall-curves.json',
  /** Each memory's settings as a config for fla or Zoology. */
  configs: 'data/recall-configs.json',
} as const;

/** The script that made the grid, and where its code lives, named in both downloads. */
export const MQAR_SCRIPT = 'scripts/mqar-grid.mjs';

/** The grid's columns in the CSV, one row a cell, in the file's cell order. */
const CSV_COLUMNS = [
  'stream',
  'memory',
  'kv',
  'seed',
  'rate',
  'steps',
  'batch',
  'd',
  'candidates',
  'testAccuracy',
  'testLoss',
  'validationAccuracy',
  'validationLoss',
  'divergedAtStep',
  'neverTrained',
  'numbersKept',
] as const;

/** The rule for a run that never trained, in words, for the downloads and the page. */
export const plateauRule = (candidates: number) =>
  `a run never trained where its test loss is within ${PLATEAU_MARGIN} nats of ln ${candidates} = ${Math.log(candidates).toFixed(2)}, the loss of a uniform guess over the ${candidates} candidates, or where it diverged; the window is never counted as one, since past the pairs it holds a guess is all it can do; such runs are left out of every mean`;

/** Every cell of the grid as CSV, after comment lines naming what it is, the commit and script that made it, and the settings every row shares. */
export function gridCsv(g: MqarGrid = mqarGrid): string {
  const s = g.settings;
  const notes = [
    `# The recall grid of "every architectural step is an eviction policy": each memory trained on multi-query associative recall, made ${g.made} by ${MQAR_SCRIPT} at commit ${g.commit}.`,
    `# Shared settings: d = ${s.d}, ${s.candidates} candidate values, ${s.keys} keys, ${s.steps} Adam steps of ${s.queries} queries each (batch = ${s.queries} / kv sequences), the rate warmed up over ${s.warmup} steps then down along half a cosine, scored on ${s.evalSize} validation and ${s.evalSize} test sequences; each memory's rate picked on validation sequences of ${s.sweep.stream} recall at kv = ${s.sweep.kv.join(', ')}, seeds ${s.sweep.seeds.join(', ')}, by the mean of those runs.`,
    '# Losses are mean cross-entropy in nats; a diverged cell has no loss and accuracy 0. numbersKept: what the memory holds once it has read a sequence.',
    `# neverTrained: ${plateauRule(s.candidates)}.`,
  ];
  const rows = g.cells.map((c) =>
    [
      c.stream,
      c.mixer,
      c.kv,
      c.seed,
      c.lr,
      c.steps,
      c.batchSize,
      c.d,
      c.candidates,
      c.test.accuracy,
      c.test.loss,
      c.validation.accuracy,
      c.validation.loss,
      c.diverged,
      neverTrained(c, s.candidates),
      numbersKept(c.mixer, c.d, c.stream, c.kv),
    ]
      .map(csvField)
      .join(','),
  );
  return `${[...notes, CSV_COLUMNS.join(','), ...rows].join('\r\n')}\r\n`;
}

/**
 * The whole grid as JSON: what it is, the commit and script that made it, its settings, rates,
 * sweep, and every cell with its settings, scores and whether it never trained. The training curves
 * are a file of their own (gridCurves), which this names.
 */
export function gridJson(g: MqarGrid = mqarGrid): string {
  const { made, commit, settings, rates, sweep } = g;
  const file = {
    what: `The recall grid of "every architectural step is an eviction policy": ${settings.mixers.length} memories trained on multi-query associative recall, every memory × load × stream × seed`,
    made,
    commit,
    script: MQAR_SCRIPT,
    code: 'src/core/mqar/ (run.ts: runCell)',
    curves: `${MQAR_DOWNLOADS.curves} (and ${MQAR_GRID_FILE} at that commit) holds each cell's training curve`,
    neverTrained: plateauRule(settings.candidates),
    settings,
    rates,
    sweep,
    cells: g.cells.map(({ curve: _curve, ...cell }) => ({
      ...cell,
      neverTrained: neverTrained(cell, settings.candidates),
      numbersKept: numbersKept(cell.mixer, cell.d, cell.stream, cell.kv),
    })),
  };
  return `${JSON.stringify(file)}\n`;
}

const thousandths = (x: number) => Math.round(x * 1000) / 1000;

/** Every cell's training curve (loss and accuracy, each a mean over `every` steps, to three decimals), keyed by stream, load and memory. */
export function gridCurves(g: MqarGrid = mqarGrid): string {
  const cells: Record<string, StoredCurve[]> = {};
  for (const c of g.cells) {
    const key = curveKey(c.stream, c.kv, c.mixer);
    cells[key] ??= [];
    cells[key].push({
      seed: c.seed,
      loss: c.curve.map((p) => thousandths(p.loss)),
      accuracy: c.curve.map((p) => thousandths(p.accuracy)),
      neverTrained: neverTrained(c, g.settings.candidates),
    });
  }
  const file = {
    what: 'The training curves of the recall grid of "every architectural step is an eviction policy": per stream, load and memory, each seed\'s training loss (nats) and accuracy, each a mean over the steps since the point before',
    made: g.made,
    commit: g.commit,
    script: MQAR_SCRIPT,
    every: g.settings.every,
    steps: g.settings.steps,
    cells,
  };
  return `${JSON.stringify(file)}\n`;
}

const FLA_LAYERS = 'https://github.com/fla-org/flash-linear-attention/blob/main/fla/layers';
const ATTENTION = 'fla.layers.attn.Attention';

/** Where each memory's layers live at real scale, in fla (flash-linear-attention), and the file each is read from. */
const REAL_LAYERS: Record<Mixer, { layers: string[]; source: string }> = {
  attention: { layers: [ATTENTION], source: `${FLA_LAYERS}/attn.py` },
  window: { layers: [`${ATTENTION} with window_size = d/2`], source: `${FLA_LAYERS}/attn.py` },
  linear: { layers: ['fla.layers.linear_attn.LinearAttention'], source: `${FLA_LAYERS}/linear_attn.py` },
  delta: { layers: ['fla.layers.delta_net.DeltaNet'], source: `${FLA_LAYERS}/delta_net.py` },
  gated: { layers: ['fla.layers.gated_deltanet.GatedDeltaNet'], source: `${FLA_LAYERS}/gated_deltanet.py` },
  perChannel: { layers: ['fla.layers.kda.KimiDeltaAttention'], source: `${FLA_LAYERS}/kda.py` },
  gdn2: { layers: ['fla.layers.gdn2.GatedDeltaNet2'], source: `${FLA_LAYERS}/gdn2.py` },
  hybrid: { layers: [`fla.layers.delta_net.DeltaNet beside ${ATTENTION} in one layer, their outputs summed`], source: `${FLA_LAYERS}/delta_net.py` },
  stack: { layers: ['fla.layers.delta_net.DeltaNet', ATTENTION], source: `${FLA_LAYERS}/delta_net.py` },
};

/** What changes when a cell is taken to real scale, said beside the configs. */
export const realScaleDiffers = (d: number) =>
  `At real scale each layer carries what this toy leaves out: several heads, a short convolution and an output gate in the recurrent layers, rotary positions in fla's attention, and an MLP after each mixer. A real model also has token embeddings and many layers, and the rates here, picked for one layer of width ${d}, will not carry over.`;

/** Each memory's cell settings as a config to run it at scale with fla or Zoology: the layers, the width, the rate and schedule, the batch at each load. */
export function gridConfigs(g: MqarGrid = mqarGrid): string {
  const s = g.settings;
  const file = {
    what: 'Each memory of the recall grid of "every architectural step is an eviction policy" as a config for fla (flash-linear-attention) or Zoology: the settings each cell ran with',
    made: g.made,
    commit: g.commit,
    script: MQAR_SCRIPT,
    differsAtScale: realScaleDiffers(s.d),
    task: {
      name: "multi-query associative recall on continuous inputs (Zoology's continuous_mqar)",
      zoology: 'https://github.com/HazyResearch/zoology',
      inputWidth: 2 * s.d,
      candidates: s.candidates,
      keys: s.keys,
      loads: s.kv,
      streams: s.streams,
    },
    memories: s.mixers.map((m) => ({
      memory: MEMORY_WORDS[m],
      mixer: m,
      layers: REAL_LAYERS[m].layers,
      source: REAL_LAYERS[m].source,
      model: {
        hidden_size: s.d,
        num_heads: 1,
        head_dim: s.d,
        num_layers: REAL_LAYERS[m].layers.length,
        use_short_conv: false,
        use_output_gate: false,
        ...(m === 'window' ? { window_size: s.d / 2 } : {}),
      },
      train: {
        optimizer: 'Adam, betas (0.9, 0.999), eps 1e-8, no weight decay',
        lr: g.rates[m],
        steps: s.steps,
        warmup_steps: s.warmup,
        schedule: s.decay === 'cosine' ? 'linear warm-up, then half a cosine to 0' : 'linear warm-up, then constant',
        queries_per_step: s.queries,
        batch_per_load: Object.fromEntries(s.kv.map((kv) => [kv, gridBatch(s, kv)])),
        seeds: s.seeds,
      },
    })),
  };
  return `${JSON.stringify(file, null, 1)}\n`;
}
