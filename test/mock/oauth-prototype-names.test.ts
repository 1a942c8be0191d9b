import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock } from '../../src/mock/server.ts';
import { listVersions } from '../../src/versions.ts';
import { PROTOTYPE_NAMES } from '../support/prototype-names.ts';

// The mock's OAuth endpoints keep no state: they answer the documents' examples for any client,
// code or refresh token (README, "Conformance against the mock"). A value named like an
// Object.prototype member must be one more such value: the same answer as an ordinary unknown one,
// never a 5xx, and the mock's credentials work as before afterwards.
let mock: Awaited<ReturnType<typeof startMock>>;
beforeAll(async () => {
  mock = await startMock();
}, 60_000);
afterAll(() => mock?.close());

const REDIRECT = 'http://localhost:8080/callback';
async function token(form: Record<string, string>) {
  const response = await fetch(`${mock.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
  });
  return { status: response.status, body: await response.json() };
}
async function authorize(clientId: string) {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT,
  });
  const response = await fetch(`${mock.url}/oauth/authorize?${query}`, { redirect: 'manual' });
  return { status: response.status, body: await response.text() };
}

type Door = (value: string) => Promise<{ status: number; body: unknown }>;
const doors: Array<[string, Door]> = [
  [
    'AUTH-04: client_id at the token endpoint',
    (v) =>
      token({
        grant_type: 'authorization_code',
        code: 'c0de',
        redirect_uri: REDIRECT,
        client_id: v,
      }),
  ],
  [
    'AUTH-05: code',
    (v) =>
      token({
        grant_type: 'authorization_code',
        code: v,
        redirect_uri: REDIRECT,
        client_id: 'mock-public',
        code_verifier: 'v'.repeat(43),
      }),
  ],
  [
    'AUTH-08: refresh_token',
    (v) =>
      token({
        grant_type: 'refresh_token',
        refresh_token: v,
        client_id: 'mock-confidential',
        client_secret: 'mock-secret',
      }),
  ],
  ['AUTH-05: client_id at authorize', (v) => authorize(v)],
];
const cases = doors.flatMap(([door, given]) =>
  PROTOTYPE_NAMES.map((name) => [`${door}: ${name}`, { given, name }] as const),
);

describe("the mock's OAuth endpoints", () => {
  it.each(cases)('%s answers as for any unknown value', async (_, { given, name }) => {
    const [control, answer] = await Promise.all([given('no-such-value'), given(name)]);
    expect(answer.status).toBeLessThan(500);
    expect(answer).toEqual(control);
  });

  it('afterwards its credentials answer as before', async () => {
    for (const bearer of listVersions().map((v) => `mock-${v}`)) {
      expect(
        (
          await fetch(`${mock.url}/v1/token.info`, {
            headers: { authorization: `Bearer ${bearer}` },
          })
        ).status,
      ).toBe(200);
    }
    const revoked = await fetch(`${mock.url}/v1/token.info`, {
      headers: { authorization: 'Bearer mock-revoked' },
    });
    expect([revoked.status, await revoked.json()]).toEqual([401, { error: 'token_revoked' }]);
  });
});
