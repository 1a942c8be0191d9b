import { randomBytes } from 'node:crypto';
import * as oauth from 'oauth4webapi';
import type { CheckContext, Observed } from './context.js';
import type { Skip } from './diagnostic.js';
import type { Profile } from './profile.js';

export type OAuthClient = Profile['oauthClients'][number];

/** A PKCE verifier and its `S256` challenge (RFC 7636), as the toolkit's OAuth helpers make them. */
export async function pkcePair(): Promise<{ verifier: string; challenge: string }> {
  const verifier = oauth.generateRandomCodeVerifier();
  return { verifier, challenge: await oauth.calculatePKCECodeChallenge(verifier) };
}

/** The profile's public or confidential client, or why the check cannot run. */
export function oauthClient({ profile }: CheckContext, kind: 'public' | 'confidential'): OAuthClient | Skip {
  const client = profile.oauthClients.find((c) => (kind === 'public') === (c.secret === undefined));
  return client ?? { skip: 'not_testable', reason: `the profile has no ${kind} OAuth client` };
}

/** `GET /oauth/authorize` with the signed-in user's consent and `params` over the usual ones. */
export function authorize(context: CheckContext, client: OAuthClient, params: Record<string, string | undefined> = {}): Promise<Observed> {
  const query: Record<string, string | undefined> = {
    response_type: 'code', client_id: client.id, redirect_uri: client.redirectUris[0], scope: client.scopes.join(' '), state: randomBytes(8).toString('hex'),
    ...context.profile.consent.query, ...params,
  };
  const defined = Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined);
  return context.call({ path: `/oauth/authorize?${new URLSearchParams(defined)}` });
}

/** The `code` and `state` of an authorize redirect, if it is one. */
export function redirectParams(answer: Observed): URLSearchParams | undefined {
  const location = answer.status === 302 || answer.status === 303 ? answer.headers.get('location') : null;
  return location ? new URL(location).searchParams : undefined;
}

export interface Code {
  code: string;
  verifier?: string;
}

/** Authorizes `client` (with PKCE `S256` when `pkce`), returning the code, or throws saying what came instead. */
export async function obtainCode(context: CheckContext, client: OAuthClient, { pkce = client.secret === undefined, scope }: { pkce?: boolean; scope?: string } = {}): Promise<Code> {
  const pair = pkce ? await pkcePair() : undefined;
  const answer = await authorize(context, client, { scope, ...(pair ? { code_challenge: pair.challenge, code_challenge_method: 'S256' } : {}) });
  const code = redirectParams(answer)?.get('code');
  if (!code) throw new Error(`authorize answered ${answer.status} without a code`);
  return { code, verifier: pair?.verifier };
}

/** How a confidential client proves itself at the token endpoint (AUTH-04). */
export type ClientAuth = 'basic' | 'body';

/** `POST /oauth/token` with `form`, the client authenticating as `auth` says (public clients send only their id). */
export function tokenRequest(context: CheckContext, client: OAuthClient, form: Record<string, string | undefined>, auth: ClientAuth = 'body'): Promise<Observed> {
  const fields = Object.fromEntries(Object.entries(form).filter((entry): entry is [string, string] => entry[1] !== undefined));
  const headers: Record<string, string> = {};
  if (client.secret !== undefined && auth === 'basic') {
    headers.authorization = `Basic ${Buffer.from(`${encodeURIComponent(client.id)}:${encodeURIComponent(client.secret)}`).toString('base64')}`;
  } else {
    fields.client_id = client.id;
    if (client.secret !== undefined) fields.client_secret = client.secret;
  }
  return context.call({ path: '/oauth/token', method: 'POST', form: fields, headers });
}

/** Exchanges a code as the redirect URI it was issued for. */
export function exchangeCode(context: CheckContext, client: OAuthClient, { code, verifier }: Code, auth: ClientAuth = 'body'): Promise<Observed> {
  return tokenRequest(context, client, { grant_type: 'authorization_code', code, redirect_uri: client.redirectUris[0], code_verifier: verifier }, auth);
}

/** A fresh grant's token response body, or throws saying what came instead. */
export async function grantTokens(context: CheckContext, client: OAuthClient, scope?: string): Promise<{ access_token: string; refresh_token: string; scope: string }> {
  const answer = await exchangeCode(context, client, await obtainCode(context, client, { scope }));
  if (answer.status !== 200 || typeof answer.body?.access_token !== 'string') throw new Error(`the code exchange answered ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}
