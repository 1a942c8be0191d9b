import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKS } from '../../src/conformance/checks/index.ts';
import { readProfile } from '../../src/conformance/profile-file.ts';
import { runConformance } from '../../src/conformance/runner.ts';
import { profileOf } from '../../src/reference/profile.ts';
import { useReferenceServer } from '../support/reference-server.ts';

// SUB-03's local environment, as the profile records it: `localDestinations`.
const strict = useReferenceServer({
  allowLocalDestinations: false,
  triggerEvents: true,
  timeScale: 600,
});
let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'service-profile-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the profile field localDestinations', () => {
  it.each([
    ['the reference server without the opt-in says false', { given: {}, want: false }],
    ['with it, true', { given: { allowLocalDestinations: true }, want: true }],
  ])('%s', (_, { given, want }) => {
    expect(
      profileOf('http://127.0.0.1:4030', strict.server.workspace, given).localDestinations,
    ).toBe(want);
  });

  it.each([
    ['a profile written before the field is still read', { given: undefined, problems: [] }],
    ['true is read', { given: true, problems: [] }],
    [
      'anything but a boolean is refused',
      { given: 'yes', problems: [expect.stringContaining('/localDestinations must be boolean')] },
    ],
  ])('%s', async (_, { given, problems }) => {
    const { localDestinations: __, ...older } = profileOf(
      'http://127.0.0.1:4030',
      strict.server.workspace,
    );
    const file = join(dir, `profile-${String(given)}.json`);
    await writeFile(
      file,
      JSON.stringify(given === undefined ? older : { ...older, localDestinations: given }),
    );
    const read = await readProfile(file);
    expect('problems' in read ? read.problems : []).toEqual(problems);
  });
});

describe('a run against an implementation that refuses loopback destinations', () => {
  it('reports delivery checks as not testable and says how to start it, instead of erroring', async () => {
    const profile = profileOf(strict.server.url, strict.server.workspace, {
      triggerEvents: true,
      timeScale: 600,
    });
    const checks = CHECKS.filter(([id]) =>
      ['dlv-01-post', 'sub-02-upsert', 'ver-14-subscription-version'].includes(id),
    );
    const results = await runConformance(profile, '2026-08-25', { checks });
    const delivery = results.filter((r) => r.check !== 'sub-02-upsert');
    expect(delivery.map((r) => [r.check, r.status, r.reason])).toEqual(
      delivery.map((r) => [
        r.check,
        'not_testable',
        expect.stringContaining('--allow-local-destinations'),
      ]),
    );
    // Checks that only subscribe public HTTPS URLs still run.
    expect(results.find((r) => r.check === 'sub-02-upsert')?.status).toBe('passed');
  });
});
