import { defineConfig } from 'vitest/config';
import SummaryLineReporter from './test/support/summary-line-reporter.ts';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    reporters: ['default', new SummaryLineReporter()],
    // The drift test runs the bundler, which spawns one process per document.
    testTimeout: 60_000,
  },
});
