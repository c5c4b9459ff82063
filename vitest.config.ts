import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/** The one Node-side test file that mocks a module. */
const ISOLATED = 'tests/essay/defaults.test.tsx';

export default defineConfig({
  plugins: [react()],
  test: {
    // Property and statistical tests run thousands of cases; a busy two-core machine needs room.
    testTimeout: 30_000,
    // The run's summary, then its ten slowest tests with their share of that timeout.
    reporters: ['default', './tests/build/vitest-slowest-reporter.ts'],
    // Vitest leaves one core free by default; on a two-core machine that is half the machine.
    // Threads start faster than forked processes, and nothing here needs a process of its own.
    pool: 'threads',
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/core/**/*.test.ts', 'tests/content/**/*.test.ts', 'tests/essay/**/*.test.{ts,tsx}', 'tests/build/**/*.test.ts'],
          exclude: [ISOLATED],
          // These files mock nothing and share no state, so one copy of each module serves every
          // file in a worker: importing the essay's modules anew for each file took more time
          // than its tests.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          // Mocks a module, so it gets modules of its own.
          name: 'unit-mocked',
          environment: 'node',
          include: [ISOLATED],
        },
      },
      {
        extends: true,
        test: {
          name: 'widgets',
          environment: 'jsdom',
          include: ['tests/widgets/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/widgets/setup.ts'],
          // Each file still gets a document of its own; the modules are shared across files in a
          // worker, and every spy and stubbed global is put back after each test.
          isolate: false,
          restoreMocks: true,
          unstubGlobals: true,
          benchmark: { include: [] },
        },
      },
    ],
  },
});
