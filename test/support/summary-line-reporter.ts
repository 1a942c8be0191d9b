import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints `N passed, N failed` (and skipped) alone on the last line, the plain summary CI reads,
 * so a run that executed no test is visible as `0 passed, 0 failed`.
 */
export default class SummaryLineReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const module of testModules) {
      const before = counts.failed;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed' || state === 'failed' || state === 'skipped') counts[state] += 1;
      }
      // A file that failed without a failed test (it did not load, or a beforeAll or afterAll hook
      // threw or timed out) counts as one failure, so the line never says 0 failed for a red run.
      if (module.state() === 'failed' && counts.failed === before) counts.failed += 1;
    }
    process.stdout.write(
      `\n${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`,
    );
  }
}
