import { describe, expect, it } from 'vitest';
import { bearerOf, credentialName } from '../../../src/conformance/transport/credential-name.ts';
import { replayLines } from '../../../src/conformance/transport/curl-line.ts';
import { REDACTED } from '../../../src/redact.ts';
import { profileOf } from '../../../src/reference/profile.ts';
import { seedWorkspace } from '../../../src/reference/fixtures.ts';

const profile = profileOf('http://127.0.0.1:1', seedWorkspace());
const pinned = profile.credentials.findIndex((c) => c.pin !== null && !c.revoked);
const unpinned = profile.credentials.findIndex((c) => c.pin === null);
const revoked = profile.credentials.findIndex((c) => c.revoked);

describe('credentialName: what $TOKEN stands for (#33)', () => {
  it.each([
    [
      'a pinned credential',
      pinned,
      new RegExp(
        `^credentials\\[${pinned}\\] of the profile \\(\\S+, organization, pinned to \\d{4}-\\d{2}-\\d{2}\\)$`,
      ),
    ],
    [
      'an unpinned one',
      unpinned,
      new RegExp(`^credentials\\[${unpinned}\\] of the profile \\(.*no pin\\)$`),
    ],
    [
      'a revoked one',
      revoked,
      new RegExp(`^credentials\\[${revoked}\\] of the profile \\(.*, revoked\\)$`),
    ],
  ])('names %s by its place, kind, access and pin', (_, index, name) => {
    expect(credentialName(profile, profile.credentials[index]!.token)).toMatch(name);
  });

  it('says a token is not the profile’s, and names nothing without one', () => {
    expect(credentialName(profile, 'at_from_a_grant')).toMatch(/obtained during the run/);
    expect(credentialName(profile, undefined)).toBeUndefined();
  });

  it.each([
    ['Bearer sk-1', 'sk-1'],
    ['bearer sk-1', 'sk-1'],
    ['Basic abc', undefined],
    [undefined, undefined],
  ])('reads the bearer token of %s', (header, token) => {
    expect(bearerOf(header)).toBe(token);
  });
});

describe('replayLines: a note on $TOKEN, then the curl line under its base', () => {
  const request = {
    method: 'GET',
    path: '/v1/webhook.list',
    headers: { authorization: `Bearer ${REDACTED}` },
    base: 'http://127.0.0.1:4030',
    credential: 'credentials[0] of the profile (apiKey, organization, pinned to 2026-08-25)',
  };

  it('says what to set TOKEN to where the line hides a credential', () => {
    expect(replayLines(request)).toEqual([
      `# TOKEN: ${request.credential}`,
      `curl -i -X GET -H 'authorization: Bearer '"$TOKEN" 'http://127.0.0.1:4030/v1/webhook.list'`,
    ]);
  });

  it('has no note where no credential was sent, and $BASE_URL where the base is not known', () => {
    const { headers: _, credential: __, base: ___, ...bare } = request;
    expect(replayLines(bare)).toEqual([`curl -i -X GET "$BASE_URL"'/v1/webhook.list'`]);
  });
});
