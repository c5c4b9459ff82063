import { describe, expect, it, vi } from 'vitest';
import SlowestReporter, { isGroup, phaseLines, slowestLines } from '../e2e/slowest-reporter';

const row = (title: string, ms: number, timeout = 60_000) => ({ title, ms, timeout });

describe('the slowest-tests report printed after each browser run', () => {
  it('lists the slowest first, at most ten, with each one’s share of its own timeout', () => {
    const rows = Array.from({ length: 14 }, (_, i) => row(`t${i}`, 1000 * (i + 1)));
    const lines = slowestLines(rows);
    expect(lines[0]).toBe('The 10 slowest of 14 tests (time, share of its timeout):');
    const listed = lines.slice(1, 11);
    expect(listed.map((l) => l.trim().split(/\s+/).at(-1))).toEqual(['t13', 't12', 't11', 't10', 't9', 't8', 't7', 't6', 't5', 't4']);
    // 14 s of 60 s is 23%.
    expect(listed[0]).toMatch(/^\s+14\.0 s\s+23% of 60 s\s+t13$/);
    expect(lines.at(-1)).toBe('No test took more than a third of its timeout.');
  });

  it('marks a test over a third of its timeout, against that test’s own timeout', () => {
    const lines = slowestLines([row('quick but tight', 30_000, 60_000), row('long but roomy', 100_000, 360_000)]);
    expect(lines[1]).toMatch(/100\.0 s\s+28% of 360 s\s+long but roomy$/);
    expect(lines[2]).toMatch(/30\.0 s\s+50% of 60 s\s+quick but tight\s+<- over a third of its timeout$/);
    expect(lines.at(-1)).toBe('1 test(s) took more than a third of their timeout.');
  });

  it('prints nothing for a run with no tests', () => {
    expect(slowestLines([])).toEqual([]);
  });
});

describe('where the browser tests’ time went, printed after each browser run', () => {
  const step = (category: string, title: string, duration: number) => ({ category, title, duration });

  it('sums outermost steps by kind, the largest first, and counts what no step covers', () => {
    const lines = phaseLines(
      [
        step('test.step', 'axe scan of the page', 30_000),
        step('pw:api', 'Navigate to "./"', 4_000),
        step('pw:api', 'Wait for load state "networkidle"', 2_000),
        step('pw:api', 'Screenshot', 5_000),
        step('expect', 'Expect "toHaveAttribute"', 1_500),
        step('fixture', 'Fixture "page"', 500),
        step('pw:api', 'Click locator', 250),
      ],
      50_000,
    );
    expect(lines[0]).toBe('Where the tests’ 50 s went (outermost steps, summed over workers):');
    expect(lines.slice(1).map((l) => l.trim())).toEqual([
      '30.0 s  axe scans',
      '6.8 s  outside any step',
      '6.0 s  navigation and load waits',
      '5.0 s  screenshots',
      '1.5 s  waiting on expectations',
      '0.5 s  browser, context and page set-up',
      '0.3 s  other steps',
    ]);
  });
});

describe('a theme’s group of checks is looked through', () => {
  it('counts the steps inside "in the dark theme" by their own kind, and the group not at all', () => {
    const reporter = new SlowestReporter();
    const group = { category: 'test.step', title: 'in the dark theme', duration: 9_000, parent: undefined };
    const inside = { category: 'test.step', title: 'axe scan of #lab-figure', duration: 8_000, parent: group };
    const deeper = { category: 'pw:api', title: 'Evaluate', duration: 7_000, parent: inside };
    const other = { category: 'test.step', title: 'in the lab', duration: 1_000, parent: undefined };
    const under = { category: 'test.step', title: 'axe scan of #x', duration: 500, parent: other };
    const end = (s: object) => reporter.onStepEnd({} as never, {} as never, s as never);
    for (const s of [deeper, inside, group, under, other]) end(s);
    reporter.onTestEnd({ location: { file: 'lab.spec.ts' }, title: 't', timeout: 60_000 } as never, { status: 'passed', duration: 10_000 } as never);
    const printed: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void printed.push(line));
    reporter.onEnd({} as never);
    log.mockRestore();
    const phases = printed
      .at(-1)!
      .split('\n')
      .map((l) => l.trim());
    expect(phases).toContain('8.0 s  axe scans');
    expect(phases).toContain('1.0 s  other steps');
    expect(isGroup(group)).toBe(true);
    expect(isGroup(other)).toBe(false);
  });
});

describe('a run of both stages reports each apart', () => {
  it('lists the checks, then the timing tests that ran after them, each with its own slowest and its own time', () => {
    const reporter = new SlowestReporter();
    reporter.onBegin({ projects: [{ name: 'webgpu' }, { name: 'checks' }, { name: 'latency' }] } as never);
    const project = (name: string, dependencies: string[]) => ({ parent: { project: () => ({ name, dependencies }) } });
    const test = (file: string, title: string, p: object) => ({ ...p, location: { file }, title, timeout: 60_000 }) as never;
    const gpu = test('gpu.spec.ts', 'sweep', project('webgpu', []));
    const check = test('page.spec.ts', 'axe', project('checks', []));
    const timed = test('load.spec.ts', '@latency load', project('latency', ['webgpu', 'checks']));
    // The timing test's step ends first: the order of the report is the stages', not the events'.
    reporter.onStepEnd(timed, {} as never, { category: 'pw:api', title: 'Evaluate', duration: 4_000 } as never);
    reporter.onTestEnd(timed, { status: 'passed', duration: 5_000 } as never);
    reporter.onStepEnd(check, {} as never, { category: 'test.step', title: 'axe scan of the page', duration: 2_000 } as never);
    reporter.onTestEnd(check, { status: 'passed', duration: 3_000 } as never);
    reporter.onTestEnd(gpu, { status: 'passed', duration: 30_000 } as never);
    const printed: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void printed.push(line));
    reporter.onEnd({} as never);
    log.mockRestore();
    const text = printed.join('\n');
    const first = text.indexOf('Projects webgpu and checks:');
    const after = text.indexOf('Project latency:');
    expect(first).toBeGreaterThanOrEqual(0);
    expect(after).toBeGreaterThan(first);
    const [checks, latency] = [text.slice(first, after), text.slice(after)];
    expect(checks).toContain('The 2 slowest of 2 tests');
    expect(checks).toMatch(/30\.0 s\s+50% of 60 s\s+gpu\.spec\.ts › sweep\s+<- over a third/);
    expect(checks).toContain('Where the tests’ 33 s went');
    expect(checks).toMatch(/2\.0 s {2}axe scans/);
    expect(checks).not.toContain('load.spec.ts');
    expect(latency).toContain('The 1 slowest of 1 tests');
    expect(latency).toContain('Where the tests’ 5 s went');
    expect(latency).toMatch(/4\.0 s {2}script run in the page/);
    expect(latency).not.toContain('axe');
  });
});

describe('the count of expectations a browser run checked', () => {
  it('counts every expect step, nested or not, and nothing else', () => {
    const reporter = new SlowestReporter();
    const test = { location: { file: 'a.spec.ts' }, title: 't', timeout: 60_000 } as never;
    const group = { category: 'test.step', title: 'in the dark theme', duration: 10, parent: undefined };
    const steps = [
      { category: 'expect', title: 'toHaveText', duration: 1, parent: undefined },
      { category: 'expect', title: 'toEqual', duration: 1, parent: group },
      { category: 'pw:api', title: 'Click', duration: 1, parent: undefined },
      group,
    ];
    for (const s of steps) reporter.onStepEnd(test, {} as never, s as never);
    reporter.onTestEnd(test, { status: 'passed', duration: 100 } as never);
    const printed: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void printed.push(line));
    reporter.onEnd({} as never);
    log.mockRestore();
    expect(printed.join('\n')).toContain('2 expectations checked in 1 tests.');
  });
});
