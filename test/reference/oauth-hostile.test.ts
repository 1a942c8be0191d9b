import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { consentAsBrowser } from '../support/browser-consent.ts';
import { PROTOTYPE_NAMES } from '../support/prototype-names.ts';
import { useReferenceServer } from '../support/reference-server.ts';

// The reference server's OAuth endpoints against hostile input, over real HTTP: lookups keyed by
// the request (client ids, codes, refresh tokens, scopes), client authentication (AUTH-04), PKCE
// (AUTH-06) and refresh (AUTH-08, AUTH-09). Refusals are RFC 6749 `{error}` bodies, never a 500.
const reference = useReferenceServer();
const REDIRECT = 'http://localhost:8080/callback';
const CONFIDENTIAL = { id: 'client_confidential', secret: 'cs_reference_secret' };
const url = (path: string) => `${reference.server.url}${path}`;
const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const challengeOf = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
const VERIFIER = 'v'.repeat(43);

async function token(form: Record<string, string>, headers: Record<string, string> = {}) {
  const response = await fetch(url('/oauth/token'), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(form),
  });
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

/** A code of `client`, through the consent page, with PKCE when `verifier` is given. */
async function codeFor(
  clientId: string,
  verifier?: string,
  scope = 'chat:write webhook:read',
): Promise<string> {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT,
    scope,
    state: 's',
  });
  if (verifier !== undefined)
    (query.set('code_challenge', challengeOf(verifier)),
      query.set('code_challenge_method', 'S256'));
  const answer = await consentAsBrowser(url(`/oauth/authorize?${query}`));
  return new URL(answer.headers.get('location')!).searchParams.get('code')!;
}

const exchange = (code: string, extra: Record<string, string> = {}) =>
  token({
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT,
    client_id: CONFIDENTIAL.id,
    client_secret: CONFIDENTIAL.secret,
    ...extra,
  });

async function grant(): Promise<{ access_token: string; refresh_token: string }> {
  const answer = await exchange(await codeFor(CONFIDENTIAL.id));
  expect(answer.status).toBe(200);
  return answer.body as { access_token: string; refresh_token: string };
}

const refresh = (refreshToken: string) =>
  token({
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: CONFIDENTIAL.id,
    client_secret: CONFIDENTIAL.secret,
  });
const info = async (accessToken: string) => {
  const response = await fetch(url('/v1/token.info'), {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  return [response.status, await response.json()];
};

describe('names of Object.prototype members are unknown values', () => {
  type Case = {
    given: () => Promise<{ status: number; body: Record<string, string> }>;
    want: { status: number; error: string };
  };
  const cases: Array<[string, Case]> = PROTOTYPE_NAMES.flatMap((name): Array<[string, Case]> => [
    [
      `AUTH-04: client_id ${name} at the token endpoint`,
      {
        given: () =>
          token({
            grant_type: 'authorization_code',
            code: 'x',
            redirect_uri: REDIRECT,
            client_id: name,
          }),
        want: { status: 401, error: 'invalid_client' },
      },
    ],
    [
      `AUTH-04: client_id ${name} with a secret`,
      {
        given: () =>
          token({
            grant_type: 'refresh_token',
            refresh_token: 'x',
            client_id: name,
            client_secret: CONFIDENTIAL.secret,
          }),
        want: { status: 401, error: 'invalid_client' },
      },
    ],
    [
      `AUTH-04: client_id ${name} in HTTP Basic`,
      {
        given: () =>
          token(
            { grant_type: 'refresh_token', refresh_token: 'x' },
            { authorization: `Basic ${base64(`${name}:${CONFIDENTIAL.secret}`)}` },
          ),
        want: { status: 401, error: 'invalid_client' },
      },
    ],
    [
      `AUTH-05: code ${name}`,
      { given: () => exchange(name), want: { status: 400, error: 'invalid_grant' } },
    ],
    [
      `AUTH-08: refresh_token ${name}`,
      { given: () => refresh(name), want: { status: 400, error: 'invalid_grant' } },
    ],
    [
      `AUTH-05: client_id ${name} at authorize`,
      {
        given: () => authorizeWith({ client_id: name }),
        want: { status: 400, error: 'invalid_client' },
      },
    ],
    [
      `AUTH-05: scope ${name} at authorize`,
      {
        given: () => authorizeWith({ scope: name }),
        want: { status: 400, error: 'invalid_scope' },
      },
    ],
  ]);

  async function authorizeWith(params: Record<string, string>) {
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: CONFIDENTIAL.id,
      redirect_uri: REDIRECT,
      ...params,
    });
    const response = await fetch(url(`/oauth/authorize?${query}`), { redirect: 'manual' });
    return { status: response.status, body: (await response.json()) as Record<string, string> };
  }

  it.each(cases)('%s', async (_, { given, want }) => {
    const { status, body } = await given();
    expect([status, body.error]).toEqual([want.status, want.error]);
  });

  it.each(PROTOTYPE_NAMES.map((n) => [n] as const))(
    'AUTH-08: a refresh narrowed to scope %s is refused and the grant still refreshes',
    async (name) => {
      const tokens = await grant();
      const narrowed = await token({
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token,
        scope: name,
        client_id: CONFIDENTIAL.id,
        client_secret: CONFIDENTIAL.secret,
      });
      expect([narrowed.status, narrowed.body.error]).toEqual([400, 'invalid_scope']);
      expect((await refresh(tokens.refresh_token)).status).toBe(200);
    },
  );

  it('afterwards the clients still authenticate and every seeded credential still works', async () => {
    expect((await grant()).access_token).toMatch(/^at_/);
    for (const bearer of ['sk-2026-08-25', 'sk-unpinned', 'pat-ada'])
      expect(await info(bearer)).toEqual([200, expect.objectContaining({ ok: true })]);
  });
});

describe('AUTH-04: client authentication', () => {
  const basic = (header: string) =>
    token({ grant_type: 'refresh_token', refresh_token: 'rt_unknown' }, { authorization: header });
  const huge = 'a'.repeat(6000);
  const cases: Array<[string, { given: string; want: number }]> = [
    ['no colon', { given: `Basic ${base64(CONFIDENTIAL.id)}`, want: 401 }],
    ['an empty id', { given: `Basic ${base64(`:${CONFIDENTIAL.secret}`)}`, want: 401 }],
    ['an empty secret', { given: `Basic ${base64(`${CONFIDENTIAL.id}:`)}`, want: 401 }],
    ['nothing after Basic', { given: 'Basic ', want: 401 }],
    ['not base64', { given: 'Basic !!!not-base64!!!', want: 401 }],
    [
      'the right credentials in base64 with stray characters',
      { given: `Basic ${base64(`${CONFIDENTIAL.id}:${CONFIDENTIAL.secret}`)}!!`, want: 401 },
    ],
    [
      'a bad % escape in the id',
      { given: `Basic ${base64(`client_%zz:${CONFIDENTIAL.secret}`)}`, want: 401 },
    ],
    [
      'a bad % escape in the secret',
      { given: `Basic ${base64(`${CONFIDENTIAL.id}:%E0%A4%A`)}`, want: 401 },
    ],
    ['a lone % in the secret', { given: `Basic ${base64(`${CONFIDENTIAL.id}:%`)}`, want: 401 }],
    [
      'a multi-byte secret',
      {
        given: `Basic ${base64(`${CONFIDENTIAL.id}:${encodeURIComponent('cs_référence_sécret')}`)}`,
        want: 401,
      },
    ],
    [
      'a secret as long as the right one in characters, not in bytes',
      {
        given: `Basic ${base64(`${CONFIDENTIAL.id}:${encodeURIComponent('cs_reference_secrét')}`)}`,
        want: 401,
      },
    ],
    [
      'invalid UTF-8 bytes',
      { given: `Basic ${Buffer.from([0xff, 0xfe, 0x3a, 0xc3]).toString('base64')}`, want: 401 },
    ],
    ['a huge id', { given: `Basic ${base64(`${huge}:${CONFIDENTIAL.secret}`)}`, want: 401 }],
    ['a huge secret', { given: `Basic ${base64(`${CONFIDENTIAL.id}:${huge}`)}`, want: 401 }],
    [
      'two credentials',
      {
        given: `Basic ${base64(`${CONFIDENTIAL.id}:${CONFIDENTIAL.secret}`)} ${base64('a:b')}`,
        want: 401,
      },
    ],
  ];
  it.each(cases)('a Basic header with %s: 401 invalid_client', async (_, { given, want }) => {
    const answer = await basic(given);
    expect([answer.status, answer.body.error]).toEqual([want, 'invalid_client']);
  });

  it("a header over the server's header limit is refused by HTTP itself, never a 5xx", async () => {
    const answer = await fetch(url('/oauth/token'), {
      method: 'POST',
      headers: {
        authorization: `Basic ${'A'.repeat(40_000)}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=refresh_token&refresh_token=x',
    });
    expect(answer.status).toBe(431);
  });

  it('the right secret by Basic authenticates, form-urlencoded, with the id repeated in the form', async () => {
    const header = `Basic ${base64(`${CONFIDENTIAL.id}:${CONFIDENTIAL.secret}`)}`;
    const answer = await token(
      {
        grant_type: 'authorization_code',
        code: await codeFor(CONFIDENTIAL.id),
        redirect_uri: REDIRECT,
        client_id: CONFIDENTIAL.id,
      },
      { authorization: header },
    );
    expect(answer.status).toBe(200);
  });

  it('Basic and a secret in the form at once (two methods, RFC 6749 §2.3): invalid_client', async () => {
    const header = `Basic ${base64(`${CONFIDENTIAL.id}:${CONFIDENTIAL.secret}`)}`;
    const answer = await token(
      {
        grant_type: 'authorization_code',
        code: await codeFor(CONFIDENTIAL.id),
        redirect_uri: REDIRECT,
        client_secret: CONFIDENTIAL.secret,
      },
      { authorization: header },
    );
    expect([answer.status, answer.body.error]).toEqual([401, 'invalid_client']);
  });

  it.each([
    ['a multi-byte secret', 'cs_référence_sécret'],
    ['a secret of the same characters count but more bytes', 'cs_reference_secrét'],
    ['an empty secret', ''],
  ] as const)('%s in the form: 401 invalid_client', async (_, secret) => {
    const answer = await token({
      grant_type: 'refresh_token',
      refresh_token: 'x',
      client_id: CONFIDENTIAL.id,
      client_secret: secret,
    });
    expect([answer.status, answer.body.error]).toEqual([401, 'invalid_client']);
  });

  it('a public client sending an empty client_secret, as common client libraries do, is a public client', async () => {
    const answer = await token({
      grant_type: 'authorization_code',
      code: await codeFor('client_public', VERIFIER),
      redirect_uri: REDIRECT,
      client_id: 'client_public',
      client_secret: '',
      code_verifier: VERIFIER,
    });
    expect(answer.status).toBe(200);
  });

  it('a public client sending a secret is refused', async () => {
    const answer = await token({
      grant_type: 'authorization_code',
      code: await codeFor('client_public', VERIFIER),
      redirect_uri: REDIRECT,
      client_id: 'client_public',
      client_secret: 'guess',
      code_verifier: VERIFIER,
    });
    expect([answer.status, answer.body.error]).toEqual([401, 'invalid_client']);
  });
});

describe('AUTH-06: PKCE code_verifier (RFC 7636 §4.1: 43 to 128 unreserved characters; §4.6: invalid_grant)', () => {
  const exchangePublic = async (challengeVerifier: string, sent: string) =>
    token({
      grant_type: 'authorization_code',
      code: await codeFor('client_public', challengeVerifier),
      redirect_uri: REDIRECT,
      client_id: 'client_public',
      code_verifier: sent,
    });
  // The challenge is made from the very verifier sent: only its form can be wrong.
  const refused: Array<[string, { given: string }]> = [
    ['one character', { given: 'a' }],
    ['42 characters', { given: 'a'.repeat(42) }],
    ['129 characters', { given: 'a'.repeat(129) }],
    ['a space', { given: `${'a'.repeat(42)} ` }],
    ['a plus sign', { given: `${'a'.repeat(42)}+` }],
    ['a slash', { given: `${'a'.repeat(42)}/` }],
    ['a percent sign', { given: `${'a'.repeat(42)}%` }],
    ['a non-ASCII letter', { given: `${'a'.repeat(42)}é` }],
    ['an empty verifier', { given: '' }],
  ];
  it.each(refused)('%s: 400 invalid_grant', async (_, { given }) => {
    const answer = await exchangePublic(given.length >= 43 ? given : VERIFIER, given);
    expect([answer.status, answer.body.error]).toEqual([400, 'invalid_grant']);
  });

  it.each([
    ['43 characters', 'a'.repeat(43)],
    ['128 characters of every kind', 'Az09-._~'.repeat(16)],
  ] as const)('%s: 200', async (_, verifier) => {
    expect((await exchangePublic(verifier, verifier)).status).toBe(200);
  });

  it('a verifier for a code issued without a challenge (a PKCE downgrade): 400 invalid_grant', async () => {
    const answer = await exchange(await codeFor(CONFIDENTIAL.id), { code_verifier: VERIFIER });
    expect([answer.status, answer.body.error]).toEqual([400, 'invalid_grant']);
  });

  it('a code_challenge that is not 43 base64url characters: 400 invalid_request at authorize', async () => {
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: 'client_public',
      redirect_uri: REDIRECT,
      code_challenge: 'short',
      code_challenge_method: 'S256',
    });
    const response = await fetch(url(`/oauth/authorize?${query}`), { redirect: 'manual' });
    expect([response.status, ((await response.json()) as { error: string }).error]).toEqual([
      400,
      'invalid_request',
    ]);
  });
});

describe('AUTH-08, AUTH-09: a rotated refresh token presented again ends the grant', () => {
  it('the replay is invalid_grant; then the newest refresh token gives token_revoked and the access token 401 token_revoked', async () => {
    const first = await grant();
    const second = (await refresh(first.refresh_token)).body;
    expect(second.refresh_token).toMatch(/^rt_/);
    const replay = await refresh(first.refresh_token);
    expect([replay.status, replay.body.error]).toEqual([400, 'invalid_grant']);
    const newest = await refresh(second.refresh_token!);
    expect([newest.status, newest.body.error]).toEqual([400, 'token_revoked']);
    expect(await info(second.access_token!)).toEqual([401, { error: 'token_revoked' }]);
  });

  it('of concurrent refreshes with one token, one wins and the others end the grant', async () => {
    const first = await grant();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => refresh(first.refresh_token)),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const winner = answers.find((a) => a.status === 200)!.body;
    expect(await info(winner.access_token!)).toEqual([401, { error: 'token_revoked' }]);
  });

  it('a replay by another client does not end the grant', async () => {
    const first = await grant();
    const second = (await refresh(first.refresh_token)).body;
    const replay = await token({
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token,
      client_id: 'client_public',
    });
    expect([replay.status, replay.body.error]).toEqual([400, 'invalid_grant']);
    expect(await info(second.access_token!)).toEqual([200, expect.objectContaining({ ok: true })]);
  });
});
