import { afterAll, describe, expect, it } from 'vitest';
import { runGenerate } from '../../src/conformance/generate/run-generate.ts';
import type { Profile } from '../../src/conformance/profile/profile.ts';
import { type CheckResult, runVersions, selectChecks } from '../../src/conformance/runner.ts';
import { listVersions, loadVersionRegistry } from '../../src/versions.ts';
import { composeHooks } from './compose-hooks.ts';
import { withInjectedServer } from './injected-server.ts';
import { VARIATIONS, type Variation } from './variation-catalogue.ts';

const passed: string[] = [];

/** The profile a variation's server writes: its own declarations, without what it departs from. */
const declaring =
  (variations: readonly Variation[]) =>
  (profile: Profile): Profile => {
    const declared = variations.reduce((p, v) => v.declare?.(p) ?? p, profile);
    const departed = new Set(variations.flatMap((v) => v.departsFrom ?? []));
    return { ...declared, readings: (declared.readings ?? []).filter((r) => !departed.has(r)) };
  };

/** What keeps a run from passing a variation: failures, untestable checks, foreign warnings. */
function objections(results: readonly CheckResult[], departsFrom: readonly string[]) {
  return results.flatMap((r) => [
    ...(r.status === 'failed' || r.status === 'not_testable'
      ? [[r.version, r.check, r.status, r.reason ?? r.diagnostics.map((d) => d.message)]]
      : []),
    ...r.diagnostics
      .filter((d) => d.severity === 'warning' && !departsFrom.includes(d.reading ?? ''))
      .map((d) => [r.version, r.check, 'warning', d.message]),
  ]);
}

/** A small, fixed budget of generated requests at the latest version. */
const GENERATE = { seed: 424242, maxExamples: 25, maxTimeMs: 30_000 };

afterAll(() => {
  console.log(
    `allowed variations: ${passed.length}/${VARIATIONS.length} passed (${((100 * passed.length) / VARIATIONS.length).toFixed(1)}%)`,
  );
});

describe('the catalogue of allowed variations', () => {
  it('has unique ids, and each names the rules it could sway', () => {
    expect(new Set(VARIATIONS.map((v) => v.id)).size).toBe(VARIATIONS.length);
    expect(VARIATIONS.filter((v) => selectChecks(v.requirements).length === 0)).toEqual([]);
  });

  // Several at once, each with a server of its own; one that sways a timing rule alone, as the
  // runner runs timing checks after the rest (`quiet`): the reference shares the suite's event loop
  // here, so other servers would stall the very timers its checks measure.
  const passes = async (_: string, variation: Variation) => {
    const departsFrom = variation.departsFrom ?? [];
    const found = await withInjectedServer(
      variation.hooks?.() ?? {},
      async (profile) => {
        const results = await runVersions(profile, listVersions(), {
          checks: selectChecks(variation.requirements),
        });
        const generated = variation.generate
          ? await runGenerate(profile, [loadVersionRegistry().latest], GENERATE)
          : undefined;
        return [...objections(results, departsFrom), ...(generated?.failures ?? [])];
      },
      declaring([variation]),
    );
    expect(found).toEqual([]);
    passed.push(variation.id);
  };
  const timed = (v: Variation) => selectChecks(v.requirements).some(([, c]) => c.quiet);
  const named = (variations: Variation[]) => variations.map((v) => [v.id, v] as const);
  const TITLE = '%s passes at every version';
  it.concurrent.each(named(VARIATIONS.filter((v) => !timed(v))))(TITLE, passes, 120_000);
  it.each(named(VARIATIONS.filter(timed)))(TITLE, passes, 120_000);

  // Choices that do not exclude each other, made all at once: the whole suite, every version.
  it('every choice at once passes the whole suite at every version', async () => {
    const together = VARIATIONS.filter((v) => !v.alone);
    const departsFrom = together.flatMap((v) => v.departsFrom ?? []);
    const found = await withInjectedServer(
      composeHooks(together.map((v) => v.hooks?.() ?? {})),
      async (profile) => objections(await runVersions(profile, listVersions()), departsFrom),
      declaring(together),
    );
    expect(found).toEqual([]);
  }, 180_000);
});
