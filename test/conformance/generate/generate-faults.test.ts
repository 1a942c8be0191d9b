import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type GenerateReport,
  type GeneratedFailure,
  runGenerate,
} from '../../../src/conformance/generate/run-generate.ts';
import type { Profile } from '../../../src/conformance/profile/profile.ts';
import { profileOf } from '../../../src/reference/profile.ts';
import { listVersions, loadVersionRegistry } from '../../../src/versions.ts';
import { composeHooks } from '../compose-hooks.ts';
import { FAULTS, type Fault } from '../fault-catalogue.ts';
import { type FaultHooks, startReferenceWithFaults } from '../fault-injection.ts';

// How many of the catalogue's request/response faults (those on the credentials, the requests or
// the answers; not the deliveries') the generative phase finds on its own, without the hand-written
// checks: each fault is injected into a fresh reference server and only the phase runs against it,
// at the fault's version. Caught: a failing case with the fault's seed (every seed, measuring). The control
// without a fault reports none, so what is caught is the fault's doing.
//
// The budget: measured over seeds 1 to 10 at 100 cases per operation (GENERATE_MEASURE=1 prints
// it), the first failing case came at most 90th (archived-channels-accept, a fault only the fixture
// chat it names reaches; 26th on average), every other fault within the first 50, most within the
// first 20, with every one of the ten seeds; 150 cases per operation leave a margin over that.
// `npm test` gives each fault one of three seeds in turn, so no one seed carries the catalogue and
// the run costs one seed's time; GENERATE_SEED=<n> runs every fault with that seed.
const SEEDS = process.env.GENERATE_SEED ? [Number(process.env.GENERATE_SEED)] : [20261123, 1, 2];
const MEASURED_SEEDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
const OPTIONS = { maxExamples: 150, maxTimeMs: 30_000 };
const REQUEST_HOOKS: Array<keyof FaultHooks> = ['credential', 'request', 'answer'];
const isRequestFault = (fault: Fault) => REQUEST_HOOKS.some((hook) => hook in fault.hooks());
/**
 * The faults the phase caught when it was written, each with the operation whose generated requests
 * catch it (a fault of every answer, a missing header say, with the first of them): `npm test`
 * sends that operation's requests only, which are the very cases a whole run sends it (they depend
 * on the seed and the operation alone), in a fraction of the time.
 */
const CAUGHT_ON = new Map([
  ['pin-ignored', 'GET /v1/webhook.list'],
  ['no-version-on-errors', 'GET /v1/webhook.list'],
  ['unsupported-version-without-list', 'GET /v1/webhook.list'],
  ['deprecation-on-supported-version', 'GET /v1/webhook.list'],
  ['no-credential-called-invalid', 'GET /v1/webhook.list'],
  ['unknown-token-is-403', 'GET /v1/webhook.list'],
  ['personal-tokens-act-as-the-app', 'POST /v1/chat.postEphemeral'],
  ['chat-scope-for-everyone', 'POST /v1/chat.postEphemeral'],
  ['subscribe-duplicates', 'POST /v0/webhook.subscribe'],
  // Caught by following a subscribe: the unsubscribe of the subscription it made.
  ['unsubscribe-twice-succeeds', 'POST /v0/webhook.subscribe'],
  ['v0-open-to-every-credential', 'POST /v0/webhook.subscribe'],
  // Caught by following a subscribe: the list that should show the subscription it made.
  ['list-hides-dynamic', 'POST /v1/webhook.subscribe'],
  ['list-without-scope', 'GET /v1/webhook.list'],
  ['schema-refusals-become-subscriptions', 'POST /v1/webhook.subscribe'],
  ['dm-threads-accepted', 'POST /v1/chat.postEphemeral'],
  ['too-long-is-400', 'POST /v1/chat.postEphemeral'],
  ['archived-channels-accept', 'POST /v1/chat.postEphemeral'],
]);
const CAUGHT_WHEN_WRITTEN = [...CAUGHT_ON.keys()];
// `npm test` runs the faults the phase caught when it was written, each of which must still be
// caught with its seed; GENERATE_MEASURE=1 runs every request/response fault of the catalogue
// over ten seeds at 100 cases and prints where each was first caught (a measurement, many minutes
// long: a missed fault spends the whole budget).
const MEASURE = process.env.GENERATE_MEASURE === '1';
const SELECTED = FAULTS.filter(isRequestFault).filter(
  (fault) => MEASURE || CAUGHT_WHEN_WRITTEN.includes(fault.id),
);
const caught: string[] = [];
const missed: string[] = [];
const firstCaught = new Map<string, Array<number | 'missed'>>();

async function generateAgainst(
  hooks: FaultHooks,
  version: string,
  options: { seed: number; maxExamples: number; maxTimeMs: number; operations?: string[] },
  declare: (profile: Profile) => Profile = (profile) => profile,
): Promise<GenerateReport> {
  const dataDir = await mkdtemp(join(tmpdir(), 'service-generate-'));
  const server = await startReferenceWithFaults(hooks, { dataDir });
  try {
    const profile = profileOf(server.url, server.workspace, {
      triggerEvents: true,
      allowLocalDestinations: true,
    });
    return await runGenerate(declare(profile), [version], options);
  } finally {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

afterAll(() => {
  const where = [...firstCaught].map(([id, at]) => `  ${id}: ${at.join(' ')}`).join('\n');
  const seeds = MEASURE ? MEASURED_SEEDS : SEEDS;
  console.log(
    `generated requests alone: ${caught.length}/${SELECTED.length} request/response faults caught (seeds ${seeds.join(', ')}${MEASURE ? ', each' : ', in turn'})\n  caught: ${caught.join(', ')}\n  missed: ${missed.join(', ')}\nthe first failing case, per seed:\n${where}`,
  );
});

const latest = loadVersionRegistry().latest;
const byId = (id: string) => FAULTS.find((f) => f.id === id)!;

describe('the generative phase against the fault catalogue', () => {
  it('finds nothing wrong without a fault', async () => {
    const report = await generateAgainst({}, latest, { ...OPTIONS, seed: SEEDS[0]! });
    expect(report.failures).toEqual([]);
    expect(report.warnings).toEqual([]);
  }, 60_000);

  it.each(
    SELECTED.map((f, i) => [`${f.requirement} ${f.id}`, f, SEEDS[i % SEEDS.length]!] as const),
  )(
    '%s',
    async (_, fault, seed) => {
      const runs = MEASURE
        ? MEASURED_SEEDS.map((seed) => ({ ...OPTIONS, maxExamples: 100, seed }))
        : [{ ...OPTIONS, seed, operations: [CAUGHT_ON.get(fault.id)!] }];
      const firsts: Array<number | 'missed'> = [];
      for (const options of runs) {
        const report = await generateAgainst(
          fault.hooks(),
          fault.versions?.(listVersions()).at(-1) ?? latest,
          options,
        );
        const at = report.failures.map((f) => f.firstCase);
        firsts.push(at.length ? Math.min(...at) : 'missed');
      }
      firstCaught.set(fault.id, firsts);
      (firsts.includes('missed') ? missed : caught).push(fault.id);
      if (!MEASURE)
        expect(firsts, `the phase finds the fault with seed ${seed}`).not.toContain('missed');
    },
    240_000,
  );

  // What it caught when it was written (17 of 40: the others are the OAuth server's, or need a
  // request or an echo no schema describes); a change that loses one of them fails here.
  it('catches at least the faults it caught when it was written', () => {
    expect(SELECTED.map((fault) => fault.id)).toEqual(expect.arrayContaining(CAUGHT_WHEN_WRITTEN));
    expect(caught).toEqual(expect.arrayContaining(CAUGHT_WHEN_WRITTEN));
  });

  // One systematic disagreement (every unknown token answered 403) does not hide another (a text
  // past its limit answered 400): each is reported, shrunk, once.
  it('reports every distinct failure of an operation, not only the first', async () => {
    const hooks = composeHooks([
      byId('unknown-token-is-403').hooks(),
      byId('too-long-is-400').hooks(),
    ]);
    // The operation both show in: the others would only spend the budget.
    const operation = 'POST /v1/chat.postEphemeral';
    const report = await generateAgainst(hooks, latest, {
      ...OPTIONS,
      seed: SEEDS[0]!,
      operations: [operation],
    });
    const ephemeral = report.failures.filter((f) => f.operation === operation);
    expect(ephemeral.map((f) => f.signature)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/unknown-credential.* got 403/),
        expect.stringMatching(/text-too-long.* got 400 invalid_parameter/),
      ]),
    );
    expect(new Set(ephemeral.map((f) => f.signature)).size).toBe(ephemeral.length);
    for (const failure of ephemeral) expect(failure.occurrences).toBeGreaterThan(0);
  }, 60_000);

  // AUTH-02.code-by-cause: only the codes' names say which cause each names. A profile that opts
  // into the reading (the reference's does) fails an unknown code for a missing credential; one
  // that does not is warned.
  it('warns of a code only a reading gives, unless the profile opts into the reading', async () => {
    const hooks = byId('no-credential-called-invalid').hooks();
    const options = {
      ...OPTIONS,
      maxExamples: 40,
      seed: SEEDS[0]!,
      operations: [CAUGHT_ON.get('no-credential-called-invalid')!],
    };
    const without = (profile: Profile) => ({
      ...profile,
      readings: (profile.readings ?? []).filter((r) => r !== 'AUTH-02.code-by-cause'),
    });
    const [opted, warned] = [
      await generateAgainst(hooks, latest, options),
      await generateAgainst(hooks, latest, options, without),
    ];
    const reading = (f: GeneratedFailure) =>
      f.findings.some((d) => d.reading === 'AUTH-02.code-by-cause');
    expect(opted.failures.filter(reading).length).toBeGreaterThan(0);
    expect(warned.failures.filter(reading)).toEqual([]);
    expect(warned.warnings.filter(reading).length).toBeGreaterThan(0);
  }, 60_000);
});
