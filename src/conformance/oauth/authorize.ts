// The browser step of the authorization-code flow.
import { randomBytes } from 'node:crypto';
import type { HttpAnswer } from '../../http-answer.js';
import { redactText } from '../../redact.js';
import type { CheckContext } from '../run/context.js';
import { send } from '../transport/send.js';
import { FlowStopped, type OAuthClient, pkcePair } from './client.js';
import { type ConsentForm, consentForm } from './consent-form.js';

/** The most requests a browser makes from the authorize URL to its outcome. */
const MAX_STEPS = 8;
/** The most forms submitted on the way (a sign-in page's or an interstitial's, the consent's). */
const MAX_FORMS = 3;

/** What a browser saw from the authorize URL on: where it ended, and how it got there. */
export interface AuthorizeOutcome {
  /** The last answer: a redirect out of the authorization server, or a page (a refusal). */
  answer: HttpAnswer<any>;
  /** Where the last answer sends the browser, if it is a redirect. */
  target?: URL;
  /** The requests on the way, as `GET /oauth/authorize?... -> 200`, without credentials. */
  steps: string[];
  /** The `redirect_uri` and `state` the authorize request sent. */
  redirectUri?: string;
  state?: string;
}

/** A browser's cookies, by origin then name (paths and expiry are not needed for one flow). */
type CookieJar = Map<string, Map<string, string>>;

interface Walk {
  context: CheckContext;
  jar: CookieJar;
  steps: string[];
  /** The authorize endpoint's URL, without its query: answers there are held to its document. */
  endpoint: URL;
  redirectUri?: string;
  judged: Set<HttpAnswer>;
}

/**
 * `GET /oauth/authorize` with `params` over the usual ones, then what a signed-in user's browser
 * does until it leaves the authorization server: it follows redirects within the auth host (to a
 * sign-in or consent page), and submits the consent form with its fields, the profile's consent
 * fields (the button the user presses) and the cookies set on the way, by POST or GET as the form
 * says. The outcome is the authorize step's: its refusal, or the redirect to the client.
 */
export async function authorize(
  context: CheckContext,
  client: OAuthClient,
  params: Record<string, string | undefined> = {},
): Promise<AuthorizeOutcome> {
  const query: Record<string, string | undefined> = {
    response_type: 'code',
    client_id: client.id,
    redirect_uri: client.redirectUris[0],
    scope: client.scopes.join(' '),
    state: randomBytes(8).toString('hex'),
    ...context.profile.consent.query,
    ...params,
  };
  const defined = Object.entries(query).filter(
    (entry): entry is [string, string] => entry[1] !== undefined,
  );
  const path = `/oauth/authorize?${new URLSearchParams(defined)}`;
  const url = new URL(`${context.profile.authUrl}${path}`);
  const first = await context.call({ path });
  const walk: Walk = {
    context,
    jar: new Map(),
    steps: [stepOf('GET', url, first, url.origin)],
    endpoint: new URL(url.pathname, url),
    redirectUri: query.redirect_uri,
    judged: new Set([first]),
  };
  const outcome = await browse(walk, url, first);
  return { ...outcome, redirectUri: query.redirect_uri, state: query.state };
}

async function browse(
  walk: Walk,
  start: URL,
  answer: HttpAnswer<any>,
): Promise<Omit<AuthorizeOutcome, 'redirectUri' | 'state'>> {
  let [url, forms] = [start, 0];
  for (let step = 1; step < MAX_STEPS; step += 1) {
    keepCookies(walk.jar, url, answer);
    const target = redirectTarget(answer, url.toString());
    const form = !target && forms < MAX_FORMS ? pageForm(walk.context, answer) : undefined;
    if (target ? !withinAuthServer(walk, target) : !form) break;
    if (target) [url, answer] = [target, await visit(walk, target, 'GET')];
    else [url, answer] = await submit(walk, url, form!);
    forms += target ? 0 : 1;
  }
  // The last answer stands for the authorize step's: held to its document.
  if (!walk.judged.has(answer))
    walk.context.judge({ path: '/oauth/authorize', method: 'GET' }, answer);
  const target = redirectTarget(answer, url.toString());
  return { answer, steps: walk.steps, ...(target ? { target } : {}) };
}

/** A form the browser can submit on a page, if the answer is one. */
function pageForm({ profile }: CheckContext, answer: HttpAnswer): ConsentForm | undefined {
  if (answer.status !== 200 || typeof answer.body !== 'string') return undefined;
  return consentForm(answer.body, Object.keys(profile.consent.query));
}

/**
 * Whether a redirect stays within the authorization server (a sign-in or consent page): on the
 * auth host, not to the redirect URI asked for, carrying no code, token or error.
 */
function withinAuthServer(walk: Walk, target: URL): boolean {
  if (target.origin !== walk.endpoint.origin) return false;
  if (sameEndpoint(target, walk.redirectUri)) return false;
  const fragment = new URLSearchParams(target.hash.slice(1));
  return !['code', 'error', 'access_token'].some(
    (name) => target.searchParams.has(name) || fragment.has(name),
  );
}

/** Whether `url` goes to the same place as `uri` (scheme, host, port and path). */
export function sameEndpoint(url: URL, uri: string | undefined): boolean {
  if (!uri || !URL.canParse(uri)) return false;
  const other = new URL(uri);
  return url.origin === other.origin && url.pathname === other.pathname;
}

/** A request as a browser sends it on the way, with its cookies for `url`'s origin. */
async function visit(
  walk: Walk,
  url: URL,
  method: 'GET' | 'POST',
  body?: string,
  origin?: string,
): Promise<HttpAnswer<any>> {
  const headers: Record<string, string> = {};
  const cookie = [...(walk.jar.get(url.origin) ?? [])].map(([n, v]) => `${n}=${v}`).join('; ');
  if (cookie) headers.cookie = cookie;
  if (origin) headers.origin = origin;
  if (body !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
  const answer = await send({ url, method, headers, body });
  walk.steps.push(stepOf(method, url, answer, walk.endpoint.origin));
  // The authorize endpoint again (after a sign-in page): its answer is held to its document.
  if (
    method === 'GET' &&
    url.origin === walk.endpoint.origin &&
    url.pathname === walk.endpoint.pathname
  ) {
    walk.context.judge({ path: '/oauth/authorize', method: 'GET' }, answer);
    walk.judged.add(answer);
  }
  return answer;
}

/** Submits a form as a browser does, with the profile's consent fields as the button pressed. */
async function submit(walk: Walk, page: URL, form: ConsentForm): Promise<[URL, HttpAnswer<any>]> {
  const target = new URL(form.action || page.toString(), page);
  const fields = new URLSearchParams(form.fields);
  for (const [name, value] of Object.entries(walk.context.profile.consent.query))
    fields.set(name, value);
  if (form.method !== 'post') {
    target.search = fields.toString();
    return [target, await visit(walk, target, 'GET')];
  }
  return [target, await visit(walk, target, 'POST', fields.toString(), page.origin)];
}

/** Keeps the cookies an answer sets (one a line, see readAnswer) for the origin that set them. */
function keepCookies(jar: CookieJar, url: URL, { headers }: HttpAnswer): void {
  for (const line of (headers?.['set-cookie'] ?? '').split('\n')) {
    const pair = line.split(';')[0]!;
    const separator = pair.indexOf('=');
    if (separator < 1) continue;
    const cookies = jar.get(url.origin) ?? new Map<string, string>();
    cookies.set(pair.slice(0, separator).trim(), pair.slice(separator + 1).trim());
    jar.set(url.origin, cookies);
  }
}

/**
 * One request of the walk in words, `GET /oauth/authorize?... -> 302 <location>`, its URL from the
 * path on where it is on the auth host, without credentials.
 */
function stepOf(method: string, url: URL, answer: HttpAnswer, authOrigin: string): string {
  const location = answer.headers?.location;
  const redirect = answer.status >= 300 && answer.status < 400 && location ? ` ${location}` : '';
  const where = url.origin === authOrigin ? `${url.pathname}${url.search}` : url.toString();
  return redactText(`${method} ${where} -> ${answer.status}${redirect}`);
}

/** The walk of an outcome in words, for a finding. */
export const describeOutcome = ({ steps }: AuthorizeOutcome): string => steps.join(', then ');

/**
 * Where a 3xx answer sends the browser, resolved against `base` as a browser would, or undefined
 * when the answer is no redirect or its Location is no URL.
 */
export function redirectTarget(answer: HttpAnswer, base: string): URL | undefined {
  const location = answer.headers?.location;
  if (answer.status < 300 || answer.status > 399 || !location) return undefined;
  try {
    return new URL(location, base);
  } catch {
    return undefined;
  }
}

/** A code or token an outcome hands the client (in the redirect's query or fragment), if any. */
export function issuedGrant(target: URL | undefined): string | undefined {
  if (!target) return undefined;
  const fragment = new URLSearchParams(target.hash.slice(1));
  return ['code', 'access_token'].find(
    (name) => target.searchParams.get(name) || fragment.get(name),
  );
}

export interface Code {
  code: string;
  verifier?: string;
}

/**
 * Authorizes `client` (with PKCE `S256` when `pkce`), returning the code, or stops the flow saying
 * what came instead.
 */
export async function obtainCode(
  context: CheckContext,
  client: OAuthClient,
  { pkce = client.secret === undefined, scope }: { pkce?: boolean; scope?: string } = {},
): Promise<Code> {
  const pair = pkce ? await pkcePair() : undefined;
  const outcome = await authorize(context, client, {
    scope,
    ...(pair ? { code_challenge: pair.challenge, code_challenge_method: 'S256' } : {}),
  });
  const code = outcome.target?.searchParams.get('code');
  if (code) return { code, verifier: pair?.verifier };
  const page = outcome.answer.status === 200 && !outcome.target;
  throw new FlowStopped(
    `authorizing ${client.id} gave no code${page ? " (the page has no form the suite can submit with the profile's consent fields)" : ''}: ${describeOutcome(outcome)}`,
    outcome.answer,
  );
}
