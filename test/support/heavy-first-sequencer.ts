import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest, longest first: started first, so the run does not end with one of
 * them alone on a core. Most of their time is waiting (delivery clocks, npm, child processes), so
 * the other workers run the short files beside them. Vitest orders by the durations it cached, but a
 * fresh clone (CI) has none, and a run filtered with `-t` caches short ones.
 *
 * Before them, the files whose verdicts no load sways (npm, tsc and the build in child processes):
 * `npm test` starts the static checks beside vitest, and for their first minute the machine runs
 * about twice what it has cores for. An allowed variation run then, in-process servers and suites
 * sharing one loop, waited 48 s where it takes 6 s, and its deliveries fell outside their patience.
 */
export const HEAVY = [
  'test/package/pack-install.test.ts',
  'test/package/fresh-clone.test.ts',
  'test/scripts/cold-build.test.ts',
  'test/docs/site.test.ts',
  'test/conformance/variations.test.ts',
  'test/conformance/faults.test.ts',
  'test/scripts/version-change.test.ts',
  'test/conformance/generate/generate-faults.test.ts',
  'test/cli/conformance-shard-verdicts.test.ts',
  'test/conformance/checks/delivery-fixtures.test.ts',
  'test/reference/destinations.test.ts',
];

const rank = (spec: TestSpecification) => {
  const at = HEAVY.indexOf(relative(spec.project.config.root, spec.moduleId).split('\\').join('/'));
  return at === -1 ? HEAVY.length : at;
};

export default class HeavyFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: within a project and rank, vitest's own order stands.
    const group = (spec: TestSpecification) => spec.project.config.sequence.groupOrder ?? 0;
    return sorted.sort((a, b) => group(a) - group(b) || rank(a) - rank(b));
  }
}
