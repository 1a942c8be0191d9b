import type { IncomingMessage } from 'node:http';
import type { HttpAnswer } from '../../http-answer.js';
import { mediaTypeOf, readBody } from '../../http/http-io.js';
import type { CodeStore, PendingConsent } from '../authorization-codes.js';
import type { Clock } from '../clock.js';
import { browserOf } from './auth-authorize.js';

export { CONSENT_PATH } from './auth-authorize.js';

/** The form holds a token and a choice: far below this. */
const MAX_FORM_BYTES = 4096;

interface ConsentContext {
  codes: CodeStore;
  clock: Clock;
}

/** An answer with its headers, as the server writes it. */
type ConsentAnswer = HttpAnswer & { headers: Record<string, string> };

const refuse = (
  status: number,
  error: string,
  description: string,
  headers: Record<string, string> = {},
): ConsentAnswer => ({ status, headers, body: { error, error_description: description } });
/** RFC 6749 §3.1: a field sent more than once is refused, not resolved by order. */
const repeats = (form: URLSearchParams) => new Set(form.keys()).size !== [...form.keys()].length;

/**
 * RFC 6749 §4.1.2, §4.1.2.1: to the registered redirect URI, with the code or `access_denied`,
 * and `state`.
 */
function redirect(pending: PendingConsent, params: Record<string, string>): ConsentAnswer {
  const location = new URL(pending.redirectUri);
  for (const [name, value] of Object.entries(params)) location.searchParams.set(name, value);
  if (pending.state !== undefined) location.searchParams.set('state', pending.state);
  return { status: 302, headers: { location: location.toString(), 'cache-control': 'no-store' } };
}

/** The consent form's fields, or the refusal of a request that is not one. */
async function readForm(req: IncomingMessage): Promise<URLSearchParams | ConsentAnswer> {
  if (req.method !== 'POST')
    return refuse(405, 'invalid_request', 'consent is given by posting the consent form', {
      allow: 'POST',
    });
  if (mediaTypeOf(req.headers['content-type']) !== 'application/x-www-form-urlencoded')
    return refuse(400, 'invalid_request', 'the consent form is form-urlencoded');
  const read = await readBody(req, MAX_FORM_BYTES);
  if ('aborted' in read) return refuse(408, 'invalid_request', 'the consent form did not arrive');
  if (!read.ok) return refuse(400, 'invalid_request', 'the consent form is too large');
  const form = new URLSearchParams(read.raw.toString('utf8'));
  return repeats(form)
    ? refuse(400, 'invalid_request', 'a field of the consent form is repeated')
    : form;
}

/**
 * AUTH-05: the user's answer on the consent page, as the browser posts it. Its token is single-use
 * and stands for the authorization request shown (client, redirect URI, state, PKCE challenge,
 * scope), and counts only with the cookie of the browser the page was shown in: a preset link, a
 * replayed form or a form posted from another site grants nothing.
 */
export async function consentAnswer(
  req: IncomingMessage,
  { codes, clock }: ConsentContext,
): Promise<ConsentAnswer> {
  const form = await readForm(req);
  if (!(form instanceof URLSearchParams)) return form;
  const now = clock.nowSeconds();
  const pending = codes.takeConsent(
    form.get('consent_token') ?? '',
    browserOf(req.headers.cookie),
    now,
  );
  if (!pending)
    return refuse(
      400,
      'invalid_request',
      'the consent form is unknown, used, expired, or from another browser: authorize again',
    );
  if (form.get('consent') !== 'allow') return redirect(pending, { error: 'access_denied' });
  return redirect(pending, { code: codes.issue(pending, now) });
}
