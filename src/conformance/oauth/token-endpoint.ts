// The token endpoint: the requests a client sends, and the answers the rules expect of it.
import type { HttpAnswer } from '../../http-answer.js';
import type { CheckContext } from '../run/context.js';
import { CLIENT_ERROR, SUCCESS, expectAnswer } from '../run/expect-answer.js';
import { type Code, obtainCode } from './authorize.js';
import { FlowStopped, OAUTH_ERROR_CODES, type OAuthClient } from './client.js';

/** How a confidential client proves itself at the token endpoint (AUTH-04). */
export type ClientAuth = 'basic' | 'body';

/**
 * `POST /oauth/token` with `form`, the client authenticating as `auth` says (public clients send
 * only their id).
 */
export function tokenRequest(
  context: CheckContext,
  client: OAuthClient,
  form: Record<string, string | undefined>,
  auth: ClientAuth = 'body',
): Promise<HttpAnswer<any>> {
  const fields = Object.fromEntries(
    Object.entries(form).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
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
export function exchangeCode(
  context: CheckContext,
  client: OAuthClient,
  { code, verifier }: Code,
  auth: ClientAuth = 'body',
): Promise<HttpAnswer<any>> {
  return tokenRequest(
    context,
    client,
    {
      grant_type: 'authorization_code',
      code,
      redirect_uri: client.redirectUris[0],
      code_verifier: verifier,
    },
    auth,
  );
}

/** What a token response carries, as far as the checks read it. */
export interface Tokens {
  access_token: string;
  refresh_token?: string;
  scope?: string;
}

/** A fresh grant's token response body, or stops the flow saying what came instead. */
export async function grantTokens(
  context: CheckContext,
  client: OAuthClient,
  scope?: string,
): Promise<Tokens> {
  const answer = await exchangeCode(context, client, await obtainCode(context, client, { scope }));
  if (!issuedTokens(answer))
    throw new FlowStopped(
      `the code exchange of ${client.id} gave no tokens: ${answer.status}`,
      answer,
    );
  return answer.body;
}

/** Whether an answer hands out an access token. */
export const issuedTokens = (answer: HttpAnswer<any>): boolean =>
  typeof answer.body?.access_token === 'string' && answer.body.access_token !== '';

/**
 * A token request the rule says succeeds: a 2xx carrying an access token. Its body, or undefined
 * after reporting what came.
 */
export function expectTokens(
  context: CheckContext,
  name: string,
  answer: HttpAnswer<any>,
): Tokens | undefined {
  if (!expectAnswer(context, name, answer, { status: SUCCESS })) return undefined;
  if (issuedTokens(answer)) return answer.body;
  context.report({
    message: `${name}: the ${answer.status} answer carries no access_token`,
    expected: 'a token response',
    actual: { status: answer.status },
    answer,
  });
  return undefined;
}

/** The status and codes RFC 6749 gives a refusal (400 unless said). */
export interface RfcRefusal {
  status?: number | readonly number[];
  error: string | readonly string[];
}

/**
 * A token request the rule says is refused. Stated is only that it is (a 4xx, no tokens): the
 * error body of the token endpoint is not shown (Authentication 14), so RFC 6749's status and
 * code are judged under the reading AUTH.oauth-error-codes.
 */
export function expectRefusal(
  context: CheckContext,
  name: string,
  answer: HttpAnswer<any>,
  rfc: RfcRefusal,
): void {
  if (!expectAnswer(context, name, answer, { status: CLIENT_ERROR })) return;
  if (issuedTokens(answer))
    return context.report({
      message: `${name}: refused with ${answer.status}, yet the answer carries an access_token`,
      expected: 'no tokens',
      actual: { status: answer.status, access_token: 'present' },
      answer,
    });
  const expected = { status: rfc.status ?? 400, error: rfc.error, reading: OAUTH_ERROR_CODES };
  expectAnswer(context, `${name} (RFC 6749)`, answer, expected);
}
