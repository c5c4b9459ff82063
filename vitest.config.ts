import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

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
        },
      },
      {
        extends: true,
        test: {
          name: 'widgets',
          environment: 'jsdom',
          include: ['tests/widgets/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/widgets/setup.ts'],
          benchmark: { include: [] },
        },
      },
    ],
  },
});
