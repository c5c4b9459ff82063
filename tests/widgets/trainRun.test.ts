import { describe, expect, it } from 'vitest';
import { type CellSpec, runCell } from '../../src/core/mqar/run';
import { SLICE_MS, type TrainPost, trainer } from '../../src/widgets/Train/runTrain';
import { trainCodec, type TrainState } from '../../src/widgets/Train/state';
import { readQuery, writeQuery } from '../../src/widgets/urlState';

const spec: CellSpec = {
  mixer: 'delta',
  stream: 'rewrite',
  kv: 4,
  d: 8,
  candidates: 64,
  keys: 64,
  steps: 200,
  batchSize: 4,
  lr: 0.01,
  warmup: 20,
  decay: 'cosine',
  climb: 0,
  conv: false,
  seed: 5,
  evalSize: 8,
  every: 10,
};

/** A trainer whose slices run only when the test says, on a clock that moves one unit a reading. */
function harness() {
  const posts: TrainPost[] = [];
  const queue: (() => void)[] = [];
  let t = 0;
  const worker = trainer(
    (p) => posts.push(p),
    (next) => queue.push(next),
    () => t++,
  );
  const runAll = () => {
    while (queue.length) queue.shift()!();
  };
  return { posts, queue, worker, runAll };
}

describe('the trainer’s worker', () => {
  it('trains in slices, posts the curve as it grows, and ends with the run’s result, bit for bit', () => {
    const h = harness();
    h.worker.receive({ type: 'start', spec });
    expect(h.posts).toHaveLength(0);
    h.runAll();
    const done = h.posts.at(-1)!;
    expect(done.type).toBe('done');
    // Each slice stops when its time is up: SLICE_MS readings of the clock, about one a step.
    expect(h.posts.length).toBeGreaterThanOrEqual(spec.steps / SLICE_MS);
    const steps = h.posts.map((p) => (p.type === 'failed' ? 0 : p.step));
    for (let i = 1; i < steps.length; i++) expect(steps[i]! - steps[i - 1]!).toBeLessThanOrEqual(SLICE_MS);
    const points = h.posts.flatMap((p) => (p.type === 'failed' ? [] : p.points));
    const whole = runCell(spec);
    expect(points).toEqual(whole.curve);
    expect(done.type === 'done' && done.result).toEqual(whole);
  });

  it('waits while paused and goes on where it was when resumed', () => {
    const h = harness();
    h.worker.receive({ type: 'start', spec });
    h.queue.shift()!();
    const stepAt = (h.posts.at(-1) as { step: number }).step;
    expect(stepAt).toBeGreaterThan(0);
    expect(stepAt).toBeLessThan(spec.steps);
    h.worker.receive({ type: 'pause' });
    h.runAll();
    expect((h.posts.at(-1) as { step: number }).step, 'no step is taken while paused').toBe(stepAt);
    expect(h.queue).toHaveLength(0);
    h.worker.receive({ type: 'resume' });
    h.runAll();
    const done = h.posts.at(-1)!;
    expect(done.type === 'done' && done.result).toEqual(runCell(spec));
  });

  it('stops a run whose loss is not finite, and says at which step', () => {
    const h = harness();
    h.worker.receive({ type: 'start', spec: { ...spec, lr: 1e300 } });
    h.runAll();
    const done = h.posts.at(-1)!;
    expect(done.type).toBe('done');
    if (done.type !== 'done') return;
    expect(done.result.diverged).toBeGreaterThan(0);
    expect(done.result.diverged).toBeLessThanOrEqual(spec.steps);
    expect(done.step).toBe(done.result.diverged! - 1);
    expect(done.result.test.accuracy).toBe(0);
  });

  it('answers settings it cannot run with a message, not a silent stop', () => {
    const h = harness();
    h.worker.receive({ type: 'start', spec: { ...spec, candidates: 2 } });
    expect(h.posts).toEqual([{ type: 'failed', message: expect.stringMatching(/^candidates: rewrite at kv = 4 needs \d+/) }]);
  });
});

describe('the trainer’s settings in the address', () => {
  const defaults: TrainState = { stream: 'plain', mixer: 'delta', kv: 16, seed: 1, d: 16, steps: 1000, conv: false };
  it('leaves an untouched page’s address clean and writes what a reader changed', () => {
    expect(writeQuery(trainCodec, '', defaults, defaults)).toBe('');
    expect(writeQuery(trainCodec, '?x=1', { ...defaults, mixer: 'hybrid', kv: 64, seed: 7 }, defaults)).toBe('?x=1&tmem=hybrid&tkv=64&tseed=7');
  });
  it('reads a shared address back', () => {
    expect(readQuery(trainCodec, '?tstream=switch&tmem=gated&tkv=8&tseed=3&td=32&tsteps=2000&tconv=1', defaults)).toEqual({
      stream: 'switch',
      mixer: 'gated',
      kv: 8,
      seed: 3,
      d: 32,
      steps: 2000,
      conv: true,
    });
    expect(writeQuery(trainCodec, '', { ...defaults, conv: true }, defaults)).toBe('?tconv=1');
    expect(readQuery(trainCodec, '?tconv=yes', defaults).conv).toBe(false);
  });
  it('clamps numbers, takes a load or width to the nearest, and ignores what it cannot read', () => {
    expect(readQuery(trainCodec, '?tstream=zigzag&tmem=transformer&tkv=1000&tseed=-4&td=12&tsteps=123456', defaults)).toEqual({
      ...defaults,
      kv: 64,
      seed: 0,
      d: 16,
      steps: 5000,
    });
    expect(readQuery(trainCodec, '?tkv=5&td=3&tsteps=149&tseed=2.6', defaults)).toEqual({ ...defaults, kv: 4, d: 8, steps: 100, seed: 3 });
    expect(readQuery(trainCodec, '?tkv=abc&tseed=&tsteps=NaN&td=Infinity', defaults)).toEqual(defaults);
  });
});
