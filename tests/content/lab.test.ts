import { describe, expect, it } from 'vitest';
import { addRun, checkpoints, emptyTally, LAB_SIZES, labPairs, labRun, runLab } from '../../src/core';
import { LAB_DEFAULTS, LAB_STREAM_COUNTS } from '../../src/content/defaults';
import { LAB_RUNS_FILE, labFigureProps, labRuns, labSentences, parseLabRuns } from '../../src/content/lab';
import raw from '../../src/content/labRuns.json';
import { LAB_GATES, labRunAt, labRunsFile } from '../../src/content/labRunsFile';
import { handleLabRequest, type LabProgress } from '../../src/widgets/Lab/runLab';

describe('the lab’s stored runs are a live run of the same settings, bit for bit', () => {
  for (const d of LAB_SIZES.filter((d) => d < 128)) {
    it(`d = ${d}: ${LAB_STREAM_COUNTS[d]} streams`, { timeout: 60_000 }, () => {
      expect(labRunAt(d)).toEqual(labRuns.runs[String(d)]);
    });
  }
  // The largest size, every fact read at every checkpoint, is the longest run: one stream a test,
  // added in seed order to one tally as runLab adds them, then the sums held to the file's.
  const d = 128;
  const at = checkpoints(d);
  const tally = emptyTally(at.length);
  for (let seed = 1; seed <= LAB_STREAM_COUNTS[d]!; seed++) {
    it(`d = ${d}: stream ${seed} of ${LAB_STREAM_COUNTS[d]}`, () => {
      addRun(tally, labRun(labPairs(LAB_DEFAULTS.stream, d, at.at(-1)!, seed), at, { ...LAB_GATES }));
    });
  }
  it(`d = ${d}: the ${LAB_STREAM_COUNTS[d]} streams’ sums are the stored run`, () => {
    expect(tally).toEqual(labRuns.runs[String(d)]);
  });

  it('as the script writes the file: its comment, stream, gates and runs', () => {
    const small = labRunsFile([4]);
    expect(small.$comment).toBe(labRuns.$comment);
    expect(small.stream).toBe(labRuns.stream);
    expect(small.gates).toEqual(labRuns.gates);
    expect(small.runs['4']).toEqual(labRuns.runs['4']);
  });

  it('at the lab’s own opening settings, and the figure opens on the run at its default size', () => {
    expect(labRuns.gates).toEqual(LAB_GATES);
    expect(labRuns.stream).toBe(LAB_DEFAULTS.stream);
    expect(labFigureProps().tally).toBe(labRuns.runs[String(LAB_DEFAULTS.d)]);
  });
});

describe('the lab’s worker', () => {
  it('posts what the core computes, bit for bit, at most every 100 ms and always at the end', () => {
    const req = { d: 16, stream: 'repeated' as const, gates: { ...LAB_GATES, beta: 0.6 }, streams: 12 };
    const posts: LabProgress[] = [];
    // A clock that moves 40 ms a stream: a post every third stream, and the last.
    let clock = 0;
    handleLabRequest(
      req,
      (p) => posts.push(structuredClone(p)),
      () => (clock += 40),
    );
    expect(posts.map((p) => p.tally.streams)).toEqual([3, 6, 9, 12]);
    expect(posts.at(-1)!.tally).toEqual(runLab(req));
    expect(posts.every((p) => p.streams === 12)).toBe(true);
  });
});

describe('a corrupted runs file stops the build, naming the file and the field', () => {
  const copy = () => structuredClone(raw) as { runs: Record<string, { streams: number; sums: Record<string, unknown[]> }> };
  it('a sum that is not a number', () => {
    const bad = copy();
    (bad.runs['8']!.sums.delta![2] as unknown[])[0] = 'x';
    expect(() => parseLabRuns(bad)).toThrow(new RegExp(`${LAB_RUNS_FILE}.*field runs\\.8\\.sums\\.delta\\.2\\.0`));
  });
  it('a size missing, or run over other streams than the lab runs', () => {
    const missing = copy();
    delete missing.runs['64'];
    expect(() => parseLabRuns(missing)).toThrow(/no run at d = 64; run node scripts\/lab-runs\.mjs/);
    const fewer = copy();
    fewer.runs['32']!.streams = 3;
    expect(() => parseLabRuns(fewer)).toThrow(/d = 32 holds 3 streams, the lab runs 50/);
  });
});

describe('what the lab’s prose says of Gated DeltaNet-2 holds in the stored runs', () => {
  it('at the opening b (fast half only) and w, its accuracy and read error part from the per-channel rule’s, and the sentence prints them', () => {
    expect(LAB_DEFAULTS.write).not.toBe(LAB_DEFAULTS.erase);
    expect(LAB_DEFAULTS.erase).toBeGreaterThan(0);
    // With b only on the fast half there is no scaling identity: at the larger sizes the accuracies differ.
    for (const d of LAB_SIZES.filter((d) => d >= 32)) {
      const t = labRuns.runs[String(d)]!;
      const i = checkpoints(d).indexOf(2 * d);
      expect(Math.abs(t.sums.gdn2[i]![3]! - t.sums.perChannelGated[i]![3]!) / t.streams, `d = ${d}, n = 2d: accuracy`).toBeGreaterThan(0.05);
    }
    const d = LAB_SIZES.at(-1)!;
    const i = checkpoints(d).indexOf(2 * d);
    const t = labRuns.runs[String(d)]!;
    const pct = (m: 'gdn2' | 'perChannelGated') => `${Math.round((t.sums[m][i]![3]! / t.streams) * 100)}%`;
    expect(labSentences().gdn2).toContain(`${pct('gdn2')} of the pairs, where the per-channel rule picks ${pct('perChannelGated')}`);
  });
});
