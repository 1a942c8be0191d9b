import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import SummaryLineReporter from './test/support/summary-line-reporter.ts';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    reporters: ['default', new SummaryLineReporter()],
    // The drift test runs the bundler, which spawns one process per document.
    testTimeout: 60_000,
    // Most test files wait on loopback servers and timers rather than compute, so one worker per
    // core (vitest's default is one fewer: a single worker on 2 cores). More than that starves the
    // timing checks' in-process servers of CPU.
    maxWorkers: availableParallelism(),
  },
});
