/**
 * The recall grid's stalls (./mqar.ts): seeds under half the best seed of their memory, load and
 * stream; loads where a memory with a cache fell to under half the load before; and memories whose
 * every seed ended on the plateau of a uniform guess; and what the page says of them.
 */
import type { Mixer } from '../core/mqar/params';
import { MQAR_STREAMS, type MqarStream } from '../core/mqar/task';
import { countWord, integer } from '../format';
import { type GridCell, MEMORY_WORDS, type MqarGrid, mqarGrid, spreadOf } from './mqar';

const two = (x: number) => x.toFixed(2);

/** A seed that stalled: its test accuracy under half that of the best seed of the same memory, load and stream, where that best is at least 0.2. */
export interface Stall {
  cell: GridCell;
  best: number;
}

export function stalls(g: MqarGrid = mqarGrid): Stall[] {
  return g.cells.flatMap((c) => {
    const best = Math.max(...g.cells.filter((x) => x.stream === c.stream && x.kv === c.kv && x.mixer === c.mixer).map((x) => x.test.accuracy));
    return best >= 0.2 && c.test.accuracy < best / 2 ? [{ cell: c, best }] : [];
  });
}

/** A load where a memory with a cache (attention, the hybrid), which nothing evicts, fell to under half its mean at the load before: its training stalled. */
export interface LoadStall {
  stream: MqarStream;
  mixer: Mixer;
  kv: number;
  mean: number;
  before: number;
}

export function loadStalls(g: MqarGrid = mqarGrid): LoadStall[] {
  const kvs = [...g.settings.kv].sort((a, b) => a - b);
  return MQAR_STREAMS.flatMap((stream) =>
    (['attention', 'hybrid'] as const).flatMap((mixer) =>
      kvs.slice(1).flatMap((kv, i) => {
        const [mean, before] = [spreadOf(g, stream, kv, mixer).mean, spreadOf(g, stream, kvs[i]!, mixer).mean];
        return mean < before / 2 ? [{ stream, mixer, kv, mean, before }] : [];
      }),
    ),
  );
}

export const STREAM_WORDS: Record<MqarStream, string> = { plain: 'plain recall', rewrite: 'rewrites', switch: 'the context switch' };

/** How many seeds stalled, and where the means count them, in a sentence; the fold's table names each. */
export function stallSentence(g: MqarGrid = mqarGrid): string {
  const list = stalls(g);
  const loads = loadStalls(g).map(
    (l) => `${MEMORY_WORDS[l.mixer]} on ${STREAM_WORDS[l.stream]} fell to ${two(l.mean)} at kv = ${l.kv}, from ${two(l.before)} at the load before`,
  );
  const said = (loads.length ? ` Nothing evicts from a cache, yet ${loads.join('; ')}: its training at that one load stalled.` : '') + plateauSentence(g);
  if (list.length === 0) return `No seed stalled: each came within half of the best seed of its memory at its load and stream.${said}`;
  const byMemory = [...new Set(list.map((l) => l.cell.mixer))].map((m) => `${countWord(list.filter((l) => l.cell.mixer === m).length)} of ${MEMORY_WORDS[m]}`);
  return `Of the ${integer(g.cells.length)} cells, ${countWord(list.length)} stalled, under half the accuracy of the best seed of the same memory, load and stream (${byMemory.join(', ')}); the means count them as they came out, and the table below names each.${said}`;
}

/**
 * Where every seed of a write rule or attention ended its training on the plateau of a uniform
 * guess (loss within 0.1 of ln C), as a run that never left it does. The window is left out: past
 * the pairs its d/2 tokens hold, chance is what it can do.
 */
export function plateaus(g: MqarGrid = mqarGrid): { stream: MqarStream; kv: number; mixer: Mixer }[] {
  const floor = Math.log(g.settings.candidates) - 0.1;
  const keys = new Map<string, { stream: MqarStream; kv: number; mixer: Mixer; all: boolean }>();
  for (const c of g.cells) {
    if (c.mixer === 'window') continue;
    const k = `${c.stream} ${c.kv} ${c.mixer}`;
    const onPlateau = c.diverged !== null || c.curve.at(-1)!.loss >= floor;
    const e = keys.get(k) ?? { stream: c.stream, kv: c.kv, mixer: c.mixer, all: true };
    e.all &&= onPlateau;
    keys.set(k, e);
  }
  return [...keys.values()].filter((e) => e.all).map(({ stream, kv, mixer }) => ({ stream, kv, mixer }));
}

function plateauSentence(g: MqarGrid): string {
  const list = plateaus(g).map((p) => `${MEMORY_WORDS[p.mixer]} on ${STREAM_WORDS[p.stream]} at kv = ${p.kv}`);
  if (list.length === 0) return '';
  return ` Every seed of ${list.join('; ')} ended on the loss of a uniform guess, as a run that never left that plateau does.`;
}
