/**
 * The recall grid's runs that never trained (./mqar.ts, neverTrained): which they are, and what the
 * page says of them. They are named here and left out of every mean the page quotes.
 */
import type { MqarStream } from '../core/mqar/task';
import { countWord, integer } from '../format';
import { MEMORY_WORDS, type MqarGrid, mqarGrid, PLATEAU_MARGIN, untrainedCells } from './mqar';

export const STREAM_WORDS: Record<MqarStream, string> = { plain: 'plain recall', rewrite: 'rewrites', switch: 'the context switch' };

/** The cells the rule may name: every cell but the window's. */
export const judgedCells = (g: MqarGrid = mqarGrid) => g.cells.filter((c) => c.mixer !== 'window');

/** The rule in full, with its numbers. */
export function plateauRuleSentence(g: MqarGrid = mqarGrid): string {
  const C = g.settings.candidates;
  return `A run never trained when its test loss ends within ${PLATEAU_MARGIN} of ln ${C} ≈ ${Math.log(C).toFixed(2)}, the loss of a uniform guess over the ${C} candidates, or when it diverged. Such a run sat on the plateau where recall training starts and never left it, so it says nothing about its memory. The window is never counted as one: past the pairs its d/2 tokens hold, a guess is all it can do.`;
}

/** How many runs never trained, of how many judged, and where the means leave them out, in a sentence; the fold's table names each. */
export function stallSentence(g: MqarGrid = mqarGrid): string {
  const list = untrainedCells(g);
  const judged = judgedCells(g).length;
  if (list.length === 0) return `Every one of the ${integer(judged)} runs outside the window trained: none ended on the plateau.`;
  const byMemory = [...new Set(list.map((c) => c.mixer))].map((m) => `${countWord(list.filter((c) => c.mixer === m).length)} of ${MEMORY_WORDS[m]}`);
  return `Of the ${integer(judged)} runs outside the window, ${countWord(list.length)} never trained (${byMemory.join(', ')}). They are drawn hollow, left out of every mean, and each mean they leave says so; the table below names each.`;
}
