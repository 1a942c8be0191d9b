import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import HeavyFirstSequencer from './test/support/heavy-first-sequencer.ts';
import SummaryLineReporter from './test/support/summary-line-reporter.ts';

// Keep both cores busy on purpose (a verdict must not change with load): run after every other
// file, one at a time, so their load starves no other test's servers, nor each other's.
const UNDER_LOAD = [
  'test/cli/conformance-under-load.test.ts',
  'test/conformance/timing/timing-under-load.test.ts',
];
// Each fault has a server of its own and waits on deliveries most of its time (about a fifth of a
// core for 244 faults): twelve at once instead of vitest's five took the file from 68 s to 51 s.
const FAULT_CATALOGUE = ['test/conformance/faults.test.ts'];

export default defineConfig({
  test: {
    reporters: ['default', new SummaryLineReporter()],
    // dist/ compiled from the sources as they are, once per run (fresh-dist.ts).
    globalSetup: ['test/support/fresh-dist.ts'],
    // `npm run bench -- tests` records each file's CPU.
    setupFiles: process.env.SERVICE_TEST_CPU ? ['test/support/file-cpu.ts'] : [],
    // Several tests wait on child processes: the bundler (one per document), npm, tsc.
    testTimeout: 60_000,
    // Most test files wait on loopback servers, timers and child processes rather than compute:
    // with one worker per core the cores idled a third of the run (515 CPU-s in 387 s on 2 cores);
    // with two per core they are busy (471 CPU-s in 262 s). The checks hold their verdicts under
    // that load (a verdict must not change with it), and the files that make load on purpose run
    // after the rest (UNDER_LOAD).
    maxWorkers: 2 * availableParallelism(),
    sequence: { sequencer: HeavyFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'tests',
          // Files of a worker share their modules (the loaded documents, compiled validators, the
          // registries): loading them once per file was about a tenth of the run's CPU. No test
          // file keeps state in a module it does not reset.
          isolate: false,
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...UNDER_LOAD, ...FAULT_CATALOGUE],
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'fault catalogue',
          isolate: false,
          include: FAULT_CATALOGUE,
          maxConcurrency: 12,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'under load',
          include: UNDER_LOAD,
          sequence: { groupOrder: 1 },
          fileParallelism: false,
        },
      },
    ],
  },
});
