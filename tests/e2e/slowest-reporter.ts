/**
 * Prints, at the end of a Playwright run, the ten slowest tests with their times and each one's
 * share of its own timeout, so that whoever reads the log sees how much margin the suite has.
 * A test over a third of its timeout is marked: on a busier machine it is the next to fail.
 */
import type { FullConfig, FullResult, Reporter, TestCase, TestResult, TestStep } from '@playwright/test/reporter';

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

/** Where a test's time went, by the kind of its outermost steps. */
const PHASES: [string, (step: Pick<TestStep, 'category' | 'title'>) => boolean][] = [
  ['axe scans', (s) => s.category === 'test.step' && s.title.startsWith('axe')],
  ['screenshots', (s) => /screenshot/i.test(s.title)],
  ['navigation and load waits', (s) => /^(Navigate|Reload|Go back|Wait for load state|page\.goto|page\.reload|page\.waitForLoadState)/i.test(s.title)],
  ['fixed waits', (s) => /Wait for timeout|waitForTimeout/i.test(s.title)],
  ['waiting on expectations', (s) => s.category === 'expect'],
  ['browser, context and page set-up', (s) => s.category === 'fixture' || s.category === 'hook'],
  ['script run in the page', (s) => /^(Evaluate|page\.evaluate|locator\.evaluate)/i.test(s.title)],
];

/** Each phase's seconds in all, the largest first, with the rest as "other". */
export function phaseLines(steps: readonly Pick<TestStep, 'category' | 'title' | 'duration'>[], total: number): string[] {
  const sums = new Map<string, number>();
  for (const step of steps) {
    const name = PHASES.find(([, is]) => is(step))?.[0] ?? 'other steps';
    sums.set(name, (sums.get(name) ?? 0) + step.duration);
  }
  const counted = [...sums.values()].reduce((a, b) => a + b, 0);
  sums.set('outside any step', Math.max(0, total - counted));
  return [
    `Where the tests’ ${(total / 1000).toFixed(0)} s went (outermost steps, summed over workers):`,
    ...[...sums.entries()].sort((a, b) => b[1] - a[1]).map(([name, ms]) => `  ${(ms / 1000).toFixed(1).padStart(7)} s  ${name}`),
  ];
}

/** A step that only groups a test's checks under a theme: its own time is its children's. */
export const isGroup = (step: Pick<TestStep, 'category' | 'title'>) => step.category === 'test.step' && /^in the (light|dark) theme$/.test(step.title);

/**
 * The stage a test ran in: a project that depends on others runs after them (playwright.config.ts:
 * the timing tests after the checks), so each stage is reported apart.
 */
function stageOf(test: TestCase): { key: string; project: string } {
  const project = test.parent?.project?.();
  return { key: project && project.dependencies.length > 0 ? 'after' : 'first', project: project?.name ?? '' };
}

interface Stage {
  projects: Set<string>;
  rows: Row[];
  steps: Pick<TestStep, 'category' | 'title' | 'duration'>[];
}

export default class SlowestReporter implements Reporter {
  private stages = new Map<string, Stage>();
  /** The projects in the config's order, which is how a stage names them. */
  private order: string[] = [];
  /** Every expectation checked, at any depth: what the suite asserts, counted as it runs. */
  private expectations = 0;

  onBegin(config: FullConfig) {
    this.order = config.projects.map((p) => p.name);
  }

  private stage(test: TestCase): Stage {
    const { key, project } = stageOf(test);
    const stage = this.stages.get(key) ?? { projects: new Set<string>(), rows: [], steps: [] };
    this.stages.set(key, stage);
    if (project) stage.projects.add(project);
    return stage;
  }

  onStepEnd(test: TestCase, _result: TestResult, step: TestStep) {
    if (step.category === 'expect') this.expectations++;
    // Only outermost steps, so a step inside another is not counted twice; a step that only
    // groups others by theme (tests/e2e/helpers.ts's inEachTheme) is looked through.
    if (isGroup(step)) return;
    for (let p = step.parent; p; p = p.parent) if (!isGroup(p)) return;
    this.stage(test).steps.push({ category: step.category, title: step.title, duration: step.duration });
  }

  onTestEnd(test: TestCase, result: TestResult) {
    if (result.status === 'skipped') return;
    const file = test.location.file.split(/[\\/]/).pop();
    this.stage(test).rows.push({ title: `${file} › ${test.title}`, ms: result.duration, timeout: test.timeout });
  }

  onEnd(_result: FullResult) {
    const tests = [...this.stages.values()].reduce((n, s) => n + s.rows.length, 0);
    console.log(`\n${this.expectations.toLocaleString('en-US')} expectations checked in ${tests} tests.`);
    // The first stage, then the one after it; each named by its projects where both ran.
    const stages = ['first', 'after'].flatMap((key) => {
      const stage = this.stages.get(key);
      return stage && stage.rows.length > 0 ? [stage] : [];
    });
    for (const { projects, rows, steps } of stages) {
      const rank = (name: string) => (this.order.includes(name) ? this.order.indexOf(name) : this.order.length);
      const names = [...projects].sort((a, b) => rank(a) - rank(b));
      if (stages.length > 1) console.log(`\nProject${names.length > 1 ? 's' : ''} ${names.join(' and ')}:`);
      const lines = slowestLines(rows);
      if (lines.length > 0) console.log(`\n${lines.join('\n')}\n`);
      const total = rows.reduce((sum, r) => sum + r.ms, 0);
      console.log(`${phaseLines(steps, total).join('\n')}\n`);
    }
  }

  printsToStdio() {
    return true;
  }
}
