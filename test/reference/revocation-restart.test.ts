import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReference } from '../../src/reference/server.ts';
import { consentAsBrowser } from '../support/browser-consent.ts';

// AUTH-09: a revocation is terminal, a restart included. Revoked API keys and personal tokens are
// kept in the store like OAuth grants: start, revoke, stop, start again on the same data folder.
let dataDir = '';
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'service-revocation-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const REDIRECT = 'http://localhost:8080/callback';
const call = async (base: string, path: string, bearer: string, method = 'GET') => {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${bearer}` },
  });
  return [response.status, await response.json()];
};

async function oauthAccessToken(base: string): Promise<string> {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: 'client_confidential',
    redirect_uri: REDIRECT,
    scope: 'webhook:read',
  });
  const code = new URL(
    (await consentAsBrowser(`${base}/oauth/authorize?${query}`)).headers.get('location')!,
  ).searchParams.get('code')!;
  const answer = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      client_id: 'client_confidential',
      client_secret: 'cs_reference_secret',
    }),
  });
  return ((await answer.json()) as { access_token: string }).access_token;
}

describe('revocations outlive a restart', () => {
  it.each([
    ['an API key', () => 'sk-2026-08-25'],
    ['a personal access token', () => 'pat-ada'],
    ['an OAuth access token', oauthAccessToken],
  ] as const)('%s stays token_revoked', async (_, issue) => {
    const first = await startReference({ dataDir });
    const bearer = await issue(first.url);
    try {
      expect(await call(first.url, '/v1/token.revoke', bearer, 'POST')).toEqual([
        200,
        { ok: true },
      ]);
      expect(await call(first.url, '/v1/token.info', bearer)).toEqual([
        401,
        { error: 'token_revoked' },
      ]);
    } finally {
      await first.close();
    }
    const second = await startReference({ dataDir });
    try {
      expect(await call(second.url, '/v1/token.info', bearer)).toEqual([
        401,
        { error: 'token_revoked' },
      ]);
      // Only that credential: another key of the same app still works.
      expect((await call(second.url, '/v1/token.info', 'sk-unpinned'))[0]).toBe(200);
    } finally {
      await second.close();
    }
  });
});
