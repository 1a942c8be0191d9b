import { compileDist } from '../../scripts/build/dist.ts';

/**
 * Tests of the CLI run the compiled package (bin/service-contract.js loads dist/). Before any test,
 * dist/ is compiled again where what it is compiled from changed since it last was, and not at all
 * where it is up to date: no test runs a stale build, and a syntax error stops the run before any
 * test with the compiler's message (noEmitOnError leaves no dist/ behind). Type errors are
 * `check:types`'s to report: the compile does not type-check.
 */
export default async function setup(): Promise<void> {
  await compileDist(false);
}
