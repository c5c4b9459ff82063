/**
 * What the trained memory learned: the figure's look-for line and the page's sentences, held to
 * numbers recomputed here from the stored weights and the stored table, by the core's forward pass.
 */
import { describe, expect, it } from 'vitest';
import rawTable from '../../src/content/mqarGateTable.json';
import { GATES_OPEN_CELL, gateTableSentences, storedGateCells } from '../../src/content/mqarGates';
import { mqarGrid, specOf } from '../../src/content/mqar';
import { storedParams } from '../../src/content/mqarWeights';
import { cellSequences, gateTrace } from '../../src/core/mqar/gates';
import { viewStates } from '../../src/core/mqar/gateView';
import { gatesLookFor } from '../../src/widgets/TrainGates/describe';
import { renderedPage } from '../renderedPage';

const cells = storedGateCells();
const two = (x: number) => x.toFixed(2);
const mean = (x: ArrayLike<number>) => Array.from(x).reduce((a, b) => a + b, 0) / x.length;

/** The core's trace of a stored cell's first test sequence, from its weights. */
function traceOf(stream: 'switch' | 'plain', mixer: 'delta' | 'gated' | 'perChannel' | 'gdn2', kv: number) {
  const cell = mqarGrid.cells.find((c) => c.stream === stream && c.mixer === mixer && c.kv === kv && c.seed === 1)!;
  const { values, sequences } = cellSequences(specOf(cell), 'test');
  return gateTrace(storedParams(stream, mixer, kv, 1), sequences[0]!, values);
}

describe('the trained-gates figure’s cells', () => {
  it('are the context switch at kv = d/2, seed 1, for the four delta rules, and plain recall for gated delta', () => {
    const kv = mqarGrid.settings.d / 2;
    expect(cells.map((c) => c.id).sort()).toEqual(['delta-switch', 'gated-plain', 'gated-switch', 'gdn2-switch', 'perChannel-switch'].sort());
    for (const c of cells) expect(c.label).toContain(`kv = ${kv}`);
    expect(cells[0]!.id).toBe(GATES_OPEN_CELL);
  });

  it('draw each state as the core’s forward computed it, from the gates, keys and values they carry', () => {
    for (const c of cells) {
      const [stream, mixer] = [c.id.split('-')[1] as 'switch' | 'plain', c.view.mixer];
      const trace = traceOf(stream, mixer, mqarGrid.settings.d / 2);
      const states = viewStates(c.view);
      // The view keeps six decimals of each key and value and four of each gate: the states agree to that.
      for (let t = 0; t < trace.tokens.length; t++)
        for (let i = 0; i < states[t]!.length; i++) expect(Math.abs(states[t]![i]! - trace.tokens[t]!.state[i]!), `${c.id} token ${t}`).toBeLessThan(2e-3);
    }
  });

  it('say in the look-for line what the learned α does at the separator against the writes, with numbers recomputed from the weights', () => {
    for (const id of ['gated-switch', 'perChannel-switch', 'gdn2-switch']) {
      const c = cells.find((x) => x.id === id)!;
      const trace = traceOf('switch', c.view.mixer, mqarGrid.settings.d / 2);
      const alpha = trace.tokens.map((t) => mean(t.alpha!));
      const writes = alpha.filter((_, t) => trace.tokens[t]!.kind === 'write' || trace.tokens[t]!.kind === 'rewrite');
      const at = alpha[trace.separator!]!;
      const line = gatesLookFor(c.view);
      const [low, high] = [Math.min(...writes), Math.max(...writes)];
      const move = two(at) < two(low) ? 'falls' : two(at) > two(high) ? 'rises' : null;
      if (move) expect(line, id).toContain(`${move} to ${two(at)} there; on writes it stays between ${two(low)} and ${two(high)}.`);
      else expect(line, id).toContain(`does not move there (${two(at)}); on writes it stays between ${two(low)} and ${two(high)}.`);
      expect(line, id).toContain(`It answers ${trace.correct} of ${trace.tokens.filter((t) => t.kind === 'query').length} queries right`);
    }
  });
});

describe('the table of gates at the separator, and what the page says of it', () => {
  const rows = rawTable.rows as {
    mixer: string;
    kv: number;
    seed: number;
    alpha: { separator: number; writes: number } | null;
    beta: { separator: number; writes: number } | null;
  }[];

  it('covers the four delta rules, three seeds and two loads', () => {
    const rules = new Set(rows.map((r) => r.mixer));
    expect([...rules].sort()).toEqual(['delta', 'gated', 'gdn2', 'perChannel']);
    expect(new Set(rows.map((r) => r.seed)).size).toBe(3);
    expect(new Set(rows.map((r) => r.kv)).size).toBe(2);
    expect(rows).toHaveLength(4 * 3 * 2);
  });

  it('says what the rows say: how many runs drop α at the separator, and the ranges', () => {
    const decaying = rows.filter((r) => r.alpha !== null);
    const fell = decaying.filter((r) => r.alpha!.separator < r.alpha!.writes - 0.1);
    const at = decaying.map((r) => r.alpha!.separator);
    const on = decaying.map((r) => r.alpha!.writes);
    const { table, essay } = gateTableSentences();
    expect(table).toContain(`${two(Math.min(...at))}–${two(Math.max(...at))}`);
    expect(table).toContain(`${two(Math.min(...on))}–${two(Math.max(...on))} on writes`);
    if (fell.length === decaying.length) {
      expect(table).toMatch(new RegExp(`^In all ${decaying.length} runs`));
      // Said without numbers on the main path: the decay drops at the change (every run) and stays near one on writes (every median at 0.9 or more).
      expect(essay!.after).toBe(': their decay drops at the change and stays near one on writes.');
      expect(Math.min(...on)).toBeGreaterThanOrEqual(0.9);
    } else expect(essay).toBeNull();
  });

  it('and the state demo’s sentence on trained gates links to the figure and says the same', () => {
    const { html } = renderedPage();
    const { essay } = gateTableSentences();
    if (!essay) return expect(html).not.toContain('data-claim="forget-trained-gates"');
    const span = html.match(/data-claim="forget-trained-gates">([\s\S]*?)<\/span>/)![1]!;
    expect(span).toContain('href="train.html#train-gates"');
    expect(span.replace(/<[^>]+>/g, '')).toBe(essay.before + essay.link + essay.after);
  });
});
