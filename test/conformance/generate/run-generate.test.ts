import { describe, expect, it } from 'vitest';
import { runGenerate } from '../../../src/conformance/generate/run-generate.ts';
import { profileOf } from '../../../src/reference/profile.ts';
import type { Profile } from '../../../src/conformance/profile/profile.ts';
import { listVersions } from '../../../src/versions.ts';
import { startRecordingServer } from '../../support/recording-server.ts';
import { useReferenceServer } from '../../support/reference-server.ts';

// The generative phase against the reference server finds nothing wrong at any version, and the
// same seed sends the same requests.
const reference = useReferenceServer({ triggerEvents: true });
const referenceProfile = () =>
  profileOf(reference.server.url, reference.server.workspace, {
    triggerEvents: true,
    allowLocalDestinations: true,
  });

describe('generated requests against the reference server', () => {
  it.each(listVersions())(
    'no generated request fails at %s',
    async (version) => {
      const report = await runGenerate(referenceProfile(), [version], {
        seed: 20261123,
        maxExamples: 40,
        maxTimeMs: 50_000,
      });
      expect(report.failures.map((f) => [f.operation, f.curl, f.findings])).toEqual([]);
      expect(report.warnings.map((f) => [f.operation, f.curl, f.findings])).toEqual([]);
      expect(report.results.map((r) => r.status)).not.toContain('failed');
      // The generated requests set off no event; the one the suite set off shows the watch live.
      expect(report.results.find((r) => r.check === 'generated deliveries')).toMatchObject({
        status: 'passed',
        notes: [expect.stringMatching(/set off no event; one meeting.ended/)],
      });
      // Every v1 operation got requests (and v0's, once per run), and every kind of case was sent somewhere.
      expect(report.runs.map((r) => r.operation)).toEqual([
        'GET /v1/webhook.list',
        'POST /v1/chat.postEphemeral',
        'POST /v1/webhook.subscribe',
        'POST /v1/webhook.unsubscribe',
        'GET /v1/token.info',
        'POST /v1/token.revoke',
        'POST /v0/webhook.subscribe',
        'POST /v0/webhook.unsubscribe',
      ]);
      // token.revoke gets only requests a credential of the profile could not make succeed.
      const revoke = report.runs.find((r) => r.operation === 'POST /v1/token.revoke')!;
      expect(Object.keys(revoke.kinds)).not.toEqual(
        expect.arrayContaining([expect.stringMatching(/^(valid|no-version|bad-version|example)$/)]),
      );
      const kinds = new Set(report.runs.flatMap((r) => Object.keys(r.kinds)));
      expect([...kinds]).toEqual(
        expect.arrayContaining([
          'bad-version',
          'example',
          'no-credential',
          'omitted-body',
          'revoked-credential',
          'unknown-credential',
          'valid',
          'wrong-content-type',
          'wrong-method',
          'wrong-type',
          'no-version',
          'missing-field',
          'no-scope',
          'open',
          'several',
        ]),
      );
    },
    60_000,
  );
});

describe('the seed', () => {
  /** The requests one run of the phase sends, as the implementation receives them. */
  async function sent(seed: number, operations?: string[]) {
    // Answers everything wrong, so cases fail and are shrunk: shrinking is replayed as well.
    const server = await startRecordingServer(() => ({ status: 200, body: {} }));
    try {
      const profile = {
        ...referenceProfile(),
        baseUrl: server.url,
        plainHttpDestinations: 'none' as const,
      };
      await runGenerate(profile, ['2026-08-25'], {
        seed,
        maxExamples: 15,
        maxTimeMs: 30_000,
        ...(operations ? { operations } : {}),
      });
      return server.requests.map(({ method, url, headers, body }) => ({
        method,
        url,
        authorization: headers.authorization,
        version: headers['service-version'],
        type: headers['content-type'],
        body,
      }));
    } finally {
      await server.close();
    }
  }

  it('sends the same requests for the same seed, others for another', async () => {
    const [first, again, other] = [await sent(7), await sent(7), await sent(8)];
    expect(first.length).toBeGreaterThan(10);
    expect(again).toEqual(first);
    expect(other).not.toEqual(first);
  }, 60_000);

  it('sends one operation asked alone the very requests a whole run sends it', async () => {
    const ephemeral = (r: { url: string }) => r.url.startsWith('/v1/chat.postEphemeral');
    const [whole, alone] = [await sent(7), await sent(7, ['POST /v1/chat.postEphemeral'])];
    expect(whole.filter(ephemeral).length).toBeGreaterThan(10);
    expect(alone).toEqual(whole.filter(ephemeral));
  }, 60_000);
});

describe('the deliveries the generated requests set off', () => {
  const cases: Array<[string, (profile: Profile) => Profile, RegExp]> = [
    [
      'no trigger to show the watch live, and nothing arrived',
      ({ eventTrigger: _, ...profile }) => profile,
      /set off no event, and the profile names no eventTrigger/,
    ],
    [
      'no plain-HTTP destination for the receiver',
      (profile) => ({ ...profile, plainHttpDestinations: 'none' }),
      /plainHttpDestinations: none/,
    ],
    [
      "no list to find the receiver's subscriptions in",
      (profile) => ({
        ...profile,
        implements: profile.implements.filter((o) => o !== 'v1 get /webhook.list'),
      }),
      /found in GET \/v1\/webhook.list/,
    ],
  ];
  it.each(cases)(
    'are not testable with %s',
    async (_, change, reason) => {
      const report = await runGenerate(change(referenceProfile()), ['2026-08-25'], {
        seed: 3,
        maxExamples: 5,
        maxTimeMs: 20_000,
      });
      expect(report.results.find((r) => r.check === 'generated deliveries')).toMatchObject({
        status: 'not_testable',
        reason: expect.stringMatching(reason),
      });
    },
    60_000,
  );
});
