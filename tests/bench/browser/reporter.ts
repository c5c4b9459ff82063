/**
 * The bench's summary: once the run ends, every figure the tests attached (figures.ts), one
 * line each, with its limit, its ratio to that limit and the verdict, and the browser it ran in.
 */
import type { FullResult, Reporter, TestCase, TestResult, TestStep } from '@playwright/test/reporter';
import { type BenchFigure, FAIL_MULTIPLE, FIGURE_ATTACHMENT } from './figures';

export default class BenchSummary implements Reporter {
  private figures: BenchFigure[] = [];
  private expectations = 0;
  private tests = 0;

  onStepEnd(_test: TestCase, _result: TestResult, step: TestStep): void {
    if (step.category === 'expect') this.expectations++;
  }

  onTestEnd(_test: TestCase, result: TestResult): void {
    this.tests++;
    for (const a of result.attachments) {
      if (a.name === FIGURE_ATTACHMENT && a.body) this.figures.push(JSON.parse(a.body.toString('utf8')) as BenchFigure);
    }
  }

  onEnd(result: FullResult): void {
    const lines = ['', `Speed figures (${this.figures.length}); each fails the bench past ${FAIL_MULTIPLE}x its limit:`];
    for (const f of this.figures) {
      const share = f.value / f.limit;
      const verdict = share <= 1 ? 'within' : share <= FAIL_MULTIPLE ? 'over its limit (reported)' : 'FAILS';
      lines.push(`  ${f.name}: ${f.value.toFixed(2)} ${f.unit}, limit ${f.limit}, ${share.toFixed(2)} of the limit: ${verdict}. ${f.detail}`);
    }
    lines.push(`${this.expectations.toLocaleString('en-US')} expectations checked in ${this.tests} tests. Bench ${result.status}.`);
    console.log(lines.join('\n'));
  }

  printsToStdio(): boolean {
    return true;
  }
}
