/**
 * Prints, at the end of a Playwright run, the ten slowest tests with their times and each one's
 * share of its own timeout, so that whoever reads the log sees how much margin the suite has.
 * A test over a third of its timeout is marked: on a busier machine it is the next to fail.
 */
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

interface Row {
  title: string;
  ms: number;
  timeout: number;
}

const SHOWN = 10;

/** The lines the reporter prints for these tests: the slowest first, with the share of each one's timeout. */
export function slowestLines(rows: readonly Row[], shown = SHOWN): string[] {
  const slowest = [...rows].sort((a, b) => b.ms - a.ms).slice(0, shown);
  if (slowest.length === 0) return [];
  const over = rows.filter((r) => r.timeout > 0 && r.ms > r.timeout / 3).length;
  return [
    `The ${slowest.length} slowest of ${rows.length} tests (time, share of its timeout):`,
    ...slowest.map((r) => {
      const share = r.timeout > 0 ? Math.round((100 * r.ms) / r.timeout) : 0;
      const mark = r.timeout > 0 && r.ms > r.timeout / 3 ? '  <- over a third of its timeout' : '';
      return `  ${(r.ms / 1000).toFixed(1).padStart(6)} s  ${String(share).padStart(3)}% of ${(r.timeout / 1000).toFixed(0)} s  ${r.title}${mark}`;
    }),
    over === 0 ? 'No test took more than a third of its timeout.' : `${over} test(s) took more than a third of their timeout.`,
  ];
}

export default class SlowestReporter implements Reporter {
  private rows: Row[] = [];

  onTestEnd(test: TestCase, result: TestResult) {
    if (result.status === 'skipped') return;
    const file = test.location.file.split(/[\\/]/).pop();
    this.rows.push({ title: `${file} › ${test.title}`, ms: result.duration, timeout: test.timeout });
  }

  onEnd(_result: FullResult) {
    const lines = slowestLines(this.rows);
    if (lines.length > 0) console.log(`\n${lines.join('\n')}\n`);
  }

  printsToStdio() {
    return true;
  }
}
