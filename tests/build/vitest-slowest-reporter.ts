/**
 * Prints, at the end of a Vitest run, the ten slowest tests with each one's share of its own
 * timeout: the same report the browser runs print (tests/e2e/slowest-reporter.ts).
 */
import type { Reporter, TestModule } from 'vitest/node';
import { slowestLines } from '../e2e/slowest-reporter';

export default class VitestSlowestReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const rows = modules.flatMap((m) =>
      [...m.children.allTests()].flatMap((t) => {
        const d = t.diagnostic();
        if (!d || t.result().state === 'skipped') return [];
        return [{ title: `${m.moduleId.split(/[\\/]/).pop()} › ${t.fullName}`, ms: d.duration, timeout: t.options.timeout ?? 0 }];
      }),
    );
    const lines = slowestLines(rows);
    if (lines.length > 0) console.log(`\n${lines.join('\n')}\n`);
  }
}
