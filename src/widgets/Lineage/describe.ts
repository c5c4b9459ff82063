/**
 * The sentence under each step's picture: what it draws, in words, with the numbers it draws,
 * so a screen reader (which skips the picture) and a sighted reader get the same facts.
 */
import { fixed, integer, percent, positionList } from '../../format';
import type { ChunkDiagram, DecayDiagram, Diagram, K3Diagram, LayerKind, MemoryDiagram, WriteDiagram } from './types';

function mlaPositions(layers: readonly LayerKind[]): number[] {
  return layers.flatMap((k, i) => (k === 'mla' ? [i + 1] : []));
}

const LAYER_NAMES: Record<LayerKind, string> = { kda: 'Kimi Delta Attention', mla: 'gated MLA' };

function describeMemory(d: MemoryDiagram): string {
  const full = d.cachePerToken * d.context;
  const cache = `GPT-2 small’s KV cache grows in a straight line with the context: ${integer(d.cachePerToken)} values for every token, ${integer(full)} at the ${integer(d.context)}-token limit, beyond which nothing is kept.`;
  if (d.state === null) return cache;
  return `${cache} A linear-attention state of the same shape holds ${integer(d.state)} values at any length; the cache outgrows it after ${integer(d.crossing)} tokens and is ${integer(full / d.state)} times its size at the limit.`;
}

function describeWrite(d: WriteDiagram): string {
  const keys = d.rewritten.map((r) => r + 1);
  return `${d.size} values are written at ${d.size} different keys, then new values at keys ${positionList(keys)}: ${d.writes} writes in all. The additive state piles old and new together in ${keys.length === 1 ? 'that row' : 'those rows'}; mean read error over the latest values ${fixed(d.additiveError)}. The delta rule keeps only the new values; read error ${fixed(d.deltaError)}. Gold entries are positive, blue negative.`;
}

function describeChunks(d: ChunkDiagram): string {
  return `${d.tokens} tokens cut into ${d.chunkedSteps} chunks of ${d.chunk}. Inside a chunk the work is one masked matrix product (the lower triangle); only the state passes from one chunk to the next, so ${d.recurrentSteps} steps in order become ${d.chunkedSteps}.`;
}

function groupsOf(gates: readonly number[]): { gate: number; from: number; to: number }[] {
  const groups: { gate: number; from: number; to: number }[] = [];
  gates.forEach((gate, i) => {
    const last = groups[groups.length - 1];
    if (last && last.gate === gate) last.to = i;
    else groups.push({ gate, from: i, to: i });
  });
  return groups;
}

/** What a channel keeps: two decimals, or one significant digit once that would print 0.00. */
const kept = (x: number) => (x >= 0.01 ? fixed(x) : x.toPrecision(1));

function describeDecay(d: DecayDiagram): string {
  const last = d.steps - 1;
  const groups = groupsOf(d.gates);
  const keeps = (gate: number) => (gate === 1 ? 'all of it' : `${kept(gate ** last)} of it`);
  const body =
    groups.length === 1
      ? `every channel decays by α = ${fixed(groups[0]!.gate)} and keeps ${keeps(groups[0]!.gate)}`
      : groups
          .map(
            (g) =>
              `${g.from === g.to ? `channel ${g.from + 1} decays` : `channels ${g.from + 1}–${g.to + 1} decay`} by α = ${fixed(g.gate)} and keep${g.from === g.to ? 's' : ''} ${keeps(g.gate)}`,
          )
          .join('; ');
  const cycle = d.cycle
    ? ` Below, the hybrid’s layer cycle: ${d.cycle.filter((k) => k === 'kda').length} Kimi Delta Attention layers, then ${d.cycle.filter((k) => k === 'mla').length} full-attention layer with an exact cache.`
    : '';
  return `One write, followed for ${last} steps, one row per key channel: ${body}.${cycle}`;
}

function describeStack(d: K3Diagram): string {
  const mla = mlaPositions(d.layers);
  const rows = Math.ceil(d.layers.length / d.blockSize);
  return `${d.layers.length} layers in rows of ${d.blockSize}, one row per depth summary (${rows} in all): ${d.layers.length - mla.length} ${LAYER_NAMES.kda} layers and ${mla.length} ${LAYER_NAMES.mla} layers, the MLA layers at positions ${positionList(mla)}.`;
}

function describeExperts(d: K3Diagram): string {
  return `${integer(d.expertsRouted)} routed experts; for one token the router lights ${d.expertsActive} of them (${percent(d.expertsActive / d.expertsRouted, 1)}), and ${d.expertsShared} shared experts see every token. The rest stay resident in memory and do no work.`;
}

export function describeDiagram(d: Diagram): string {
  switch (d.kind) {
    case 'memory':
      return describeMemory(d);
    case 'write':
      return describeWrite(d);
    case 'chunks':
      return describeChunks(d);
    case 'decay':
      return describeDecay(d);
    case 'k3':
      return `${describeStack(d)} ${describeExperts(d)}`;
  }
}
