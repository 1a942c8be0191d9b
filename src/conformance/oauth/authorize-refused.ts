// oauth/: the OAuth flows the checks drive (index.ts); here, judging what the browser step gave.
import { errorCode } from '../../client/error-code.js';
import { redactText } from '../../redact.js';
import type { CheckContext } from '../run/context.js';
import { type AuthorizeOutcome, describeOutcome, issuedGrant, sameEndpoint } from './authorize.js';
import { OAUTH_ERROR_CODES, type OAuthClient } from './client.js';

/**
 * AUTH-05, AUTH-06: an authorization request the rule says is refused. Stated is that no code (nor
 * token) is issued, that the browser is never sent to an unregistered redirect_uri, and that a
 * redirect back to the client echoes `state`. How the refusal is shown is free: an error page of
 * any status, or (for a known client and a registered redirect URI) a redirect back with `error`
 * (RFC 6749 §4.1.2.1); its code (`error`), where it has one, is the reading
 * AUTH.oauth-error-codes.
 */
export function expectAuthorizeRefused(
  context: Pick<CheckContext, 'report'>,
  client: OAuthClient,
  name: string,
  outcome: AuthorizeOutcome,
  error: string | readonly string[],
): void {
  const { answer, target, redirectUri } = outcome;
  const where = target ? redactText(target.toString()) : undefined;
  const issued = issuedGrant(target);
  if (issued)
    return context.report({
      message: `${name}: not refused, ${issued === 'code' ? 'a code' : 'an access_token'} was issued: ${describeOutcome(outcome)}`,
      expected: 'a refusal, no code',
      actual: { status: answer.status, location: where },
      answer,
    });
  const registered = redirectUri !== undefined && client.redirectUris.includes(redirectUri);
  if (target && !registered && sentTo(target, redirectUri))
    return context.report({
      message: `${name}: the browser was sent to the unregistered redirect_uri: ${describeOutcome(outcome)}`,
      expected: 'no redirect to the unregistered redirect_uri',
      actual: { status: answer.status, location: where },
      answer,
    });
  const back = target !== undefined && registered && sameEndpoint(target, redirectUri);
  if (back && target.searchParams.get('state') !== (outcome.state ?? null))
    context.report({
      message: `${name}: the refusal redirects back without the state sent (${outcome.state}): ${describeOutcome(outcome)}`,
      expected: { state: outcome.state },
      actual: { location: where },
      answer,
    });
  const code = back ? target.searchParams.get('error') : errorCode(answer.body);
  const codes = typeof error === 'string' ? [error] : error;
  if (code !== undefined && !codes.includes(code ?? ''))
    context.report({
      message: `${name}: refused, but with ${code === null ? 'no error' : `error ${code}`}, not ${codes.join(' or ')} (RFC 6749 §4.1.2.1): ${describeOutcome(outcome)}`,
      reading: OAUTH_ERROR_CODES,
      expected: { error },
      actual: back ? { location: where } : { status: answer.status, error: code },
      answer,
    });
}

/**
 * Whether `target` is `uri`: the same scheme, host, port and path, and every query parameter of
 * `uri` kept.
 */
function sentTo(target: URL, uri: string | undefined): boolean {
  if (!sameEndpoint(target, uri)) return false;
  return [...new URL(uri!).searchParams].every(([n, v]) =>
    target.searchParams.getAll(n).includes(v),
  );
}
