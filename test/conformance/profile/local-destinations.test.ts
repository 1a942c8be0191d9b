import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKS } from '../../../src/conformance/checks/index.ts';
import { readProfile } from '../../../src/conformance/profile/profile-file.ts';
import { runConformance } from '../../../src/conformance/runner.ts';
import { seedWorkspace } from '../../../src/reference/fixtures.ts';
import { profileOf } from '../../../src/reference/profile.ts';
import { useReferenceServer } from '../../support/reference-server.ts';

// SUB-03's local environment, as the profile records it: `plainHttpDestinations` (format 3),
// `localDestinations` (formats 1 and 2).
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

describe('the profile field plainHttpDestinations', () => {
  it.each([
    ['the reference server without the opt-in says none', { given: {}, want: 'none' }],
    ['with it, local', { given: { allowLocalDestinations: true }, want: 'local' }],
  ])('%s', (_, { given, want }) => {
    expect(
      profileOf('http://127.0.0.1:4030', strict.server.workspace, given).plainHttpDestinations,
    ).toBe(want);
  });

  // The seeded workspace, not the started server's: cases are made before the server starts.
  const written = profileOf('http://127.0.0.1:4030', seedWorkspace());
  const { plainHttpDestinations: __, ...older } = {
    ...written,
    format: 'service-contract/profile@2',
  };
  it.each([
    ['format 3 without it is read', { given: written, problems: [] }],
    ['any is read', { given: { ...written, plainHttpDestinations: 'any' }, problems: [] }],
    [
      'another value is refused, naming those allowed',
      {
        given: { ...written, plainHttpDestinations: 'loopback' },
        problems: [expect.stringContaining('/plainHttpDestinations must be equal to one of')],
      },
    ],
    [
      'format 2 with localDestinations true is read',
      { given: { ...older, localDestinations: true }, problems: [] },
    ],
    [
      'localDestinations other than a boolean is refused',
      {
        given: { ...older, localDestinations: 'yes' },
        problems: [expect.stringContaining('/localDestinations must be boolean')],
      },
    ],
  ])('%s', async (name, { given, problems }) => {
    const file = join(dir, `profile-${name.replaceAll(/\W+/g, '-')}.json`);
    await writeFile(file, JSON.stringify(given));
    const read = await readProfile(file);
    expect('problems' in read ? read.problems : []).toEqual(problems);
  });
});

describe('a run against an implementation that refuses loopback destinations', () => {
  it('reports delivery checks as not testable and says how to run it, instead of erroring', async () => {
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
        expect.stringContaining('run your implementation as a local environment'),
      ]),
    );
    // In the implementer's terms: not a command of this package's own server (#33).
    for (const r of delivery) expect(r.reason).not.toMatch(/serve|--allow-local/);
    // Checks that only subscribe public HTTPS URLs still run.
    expect(results.find((r) => r.check === 'sub-02-upsert')?.status).toBe('passed');
  });
});
