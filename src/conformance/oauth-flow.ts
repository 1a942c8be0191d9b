import { randomBytes } from 'node:crypto';
import { XMLParser } from 'fast-xml-parser';
import * as oauth from 'oauth4webapi';
import { errorCode } from '../client/error-code.js';
import type { HttpAnswer } from '../http-answer.js';
import { redactText } from '../redact.js';
import type { Skip } from './check.js';
import type { CheckContext } from './context.js';
import { CLIENT_ERROR, SUCCESS, expectAnswer } from './expect-answer.js';
import type { Profile } from './profile.js';
import { send } from './transport/send.js';

export type OAuthClient = Profile['oauthClients'][number];

/**
 * The reading the OAuth refusals' statuses and codes rest on: RFC 6749's, which the specification
 * does not show (Authentication 14: "Error body shape of the token endpoint: not shown").
 */
const OAUTH_ERROR_CODES = 'AUTH.oauth-error-codes';

/**
 * A PKCE verifier and its `S256` challenge (RFC 7636), as the toolkit's OAuth helpers make them.
 */
export async function pkcePair(): Promise<{ verifier: string; challenge: string }> {
  const verifier = oauth.generateRandomCodeVerifier();
  return { verifier, challenge: await oauth.calculatePKCECodeChallenge(verifier) };
}

/** The profile's public or confidential client, or why the check cannot run. */
export function oauthClient(
  { profile }: CheckContext,
  kind: 'public' | 'confidential',
): OAuthClient | Skip {
  const client = profile.oauthClients.find((c) => (kind === 'public') === (c.secret === undefined));
  return client ?? { skip: 'not_testable', reason: `the profile has no ${kind} OAuth client` };
}

/**
 * A step of a flow that did not give what the rest of a check needs (a code, tokens): the check
 * stops there, and `runFlow` reports it with the answer that came.
 */
export class FlowStopped extends Error {
  constructor(
    message: string,
    readonly answer?: HttpAnswer,
  ) {
    super(message);
  }
}

/**
 * Runs a check's flow; where a step stops it, reports what came instead of throwing. A check
 * resting on a reading says it could not test it instead (`untestable`): that the flow itself
 * works is stated, and judged by the checks that rest on no reading.
 */
export async function runFlow(
  context: CheckContext,
  flow: () => Promise<void>,
  { untestable = false } = {},
): Promise<void | Skip> {
  try {
    await flow();
  } catch (error) {
    if (!(error instanceof FlowStopped)) throw error;
    if (untestable) return { skip: 'not_testable', reason: error.message };
    context.report({ message: error.message, ...(error.answer ? { answer: error.answer } : {}) });
  }
}

// ---------------------------------------------------------------------------------------------
// Consent pages, read as a browser reads them.

/**
 * A form of a consent page: where it goes and the fields a browser would send without the user's
 * choice.
 */
export interface ConsentForm {
  action?: string;
  method: string;
  fields: Array<[string, string]>;
}

/**
 * HTML as fast-xml-parser reads it: elements in order, attributes under `:@`, void elements
 * unpaired.
 */
const HTML = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  allowBooleanAttributes: true,
  htmlEntities: true,
  preserveOrder: true,
  unpairedTags: [
    'meta',
    'input',
    'br',
    'hr',
    'img',
    'link',
    'base',
    'col',
    'wbr',
    'source',
    'area',
    'embed',
    'track',
  ],
});
type HtmlNode = Record<string, unknown>;

const tagOf = (node: HtmlNode) => Object.keys(node).find((key) => key !== ':@');
const childrenOf = (node: HtmlNode): HtmlNode[] => {
  const children = node[tagOf(node) ?? ''];
  return Array.isArray(children) ? (children as HtmlNode[]) : [];
};
/** An attribute's text; attribute names are the page's, so only the element's own are read. */
function attribute(node: HtmlNode, name: string): string | undefined {
  const attributes = node[':@'];
  if (typeof attributes !== 'object' || attributes === null || !Object.hasOwn(attributes, name))
    return undefined;
  const value = (attributes as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : value === true ? '' : undefined;
}
/** The text inside an element (a `<textarea>`'s value, an `<option>`'s label). */
const textOf = (node: HtmlNode): string =>
  childrenOf(node)
    .map((child) => (typeof child['#text'] === 'string' ? child['#text'] : textOf(child)))
    .join('');

/** Every element named `tag` below `nodes`, in document order, not looking inside a match. */
function elements(nodes: HtmlNode[], tag: string): HtmlNode[] {
  return nodes.flatMap((node) => (tagOf(node) === tag ? [node] : elements(childrenOf(node), tag)));
}

/** The names of the controls in a form a user can press or fill. */
const controlNames = (form: HtmlNode): string[] =>
  ['input', 'button', 'select']
    .flatMap((tag) => elements(childrenOf(form), tag))
    .map((node) => attribute(node, 'name') ?? '');

/** A `<select>`'s value: its selected option's, else its first option's (value, else label). */
function selected(select: HtmlNode): string {
  const options = elements(childrenOf(select), 'option');
  const option = options.find((o) => attribute(o, 'selected') !== undefined) ?? options[0];
  return option ? (attribute(option, 'value') ?? textOf(option).trim()) : '';
}

/**
 * The fields a browser submits by itself: inputs but not buttons, check boxes and radios only when
 * checked, selects and text areas with their values.
 */
function fieldsOf(form: HtmlNode): Array<[string, string]> {
  const named = (tag: string) =>
    elements(childrenOf(form), tag).filter((node) => attribute(node, 'name'));
  const inputs = named('input').flatMap((node): Array<[string, string]> => {
    const type = (attribute(node, 'type') ?? 'text').toLowerCase();
    if (['submit', 'button', 'image', 'reset', 'file'].includes(type)) return [];
    if ((type === 'checkbox' || type === 'radio') && attribute(node, 'checked') === undefined)
      return [];
    return [
      [attribute(node, 'name')!, attribute(node, 'value') ?? (type === 'checkbox' ? 'on' : '')],
    ];
  });
  return [
    ...inputs,
    ...named('select').map((node): [string, string] => [attribute(node, 'name')!, selected(node)]),
    ...named('textarea').map((node): [string, string] => [attribute(node, 'name')!, textOf(node)]),
  ];
}

/**
 * The consent form of a page, if the page is markup the parser can read (quoted attributes): the
 * form holding a control named as one of `buttons` (the profile's consent fields: the button the
 * user presses), else the first form that posts, else the first form. A page may hold other forms
 * (a language picker, a sign-out button) before it.
 */
export function consentForm(
  html: string,
  buttons: readonly string[] = [],
): ConsentForm | undefined {
  let nodes: HtmlNode[];
  try {
    nodes = HTML.parse(html) as HtmlNode[];
  } catch {
    return undefined;
  }
  const forms = elements(nodes, 'form');
  const methodOf = (form: HtmlNode) => (attribute(form, 'method') ?? 'get').toLowerCase();
  const form =
    forms.find((f) => controlNames(f).some((name) => buttons.includes(name))) ??
    forms.find((f) => methodOf(f) === 'post') ??
    forms[0];
  if (!form) return undefined;
  return { action: attribute(form, 'action'), method: methodOf(form), fields: fieldsOf(form) };
}

// ---------------------------------------------------------------------------------------------
// The browser step of the authorization-code flow.

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
function sameEndpoint(url: URL, uri: string | undefined): boolean {
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
function issuedGrant(target: URL | undefined): string | undefined {
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

// ---------------------------------------------------------------------------------------------
// The token endpoint.

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

// ---------------------------------------------------------------------------------------------
// Judging what the browser step gave.

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

// ---------------------------------------------------------------------------------------------
// The token response (AUTH-07).

/** The scopes of a space-separated `scope`, or undefined when it is no string. */
export function scopeSet(scope: unknown): Set<string> | undefined {
  return typeof scope === 'string' ? new Set(scope.split(' ').filter(Boolean)) : undefined;
}

/** Whether two sets of scopes hold the same scopes. */
export const sameScopes = (a: ReadonlySet<string>, b: ReadonlySet<string>): boolean =>
  a.size === b.size && [...a].every((s) => b.has(s));

/** The token lifetime the specification states (Authentication 7: 604800 seconds). */
const ACCESS_TOKEN_SECONDS = 604800;

/**
 * AUTH-07: how a token response's fields differ from the shape stated (`access_token` string,
 * `token_type` `Bearer`, `expires_in` 604800, `refresh_token` string, `scope` a space-separated
 * string); a refresh's answer may leave `refresh_token` out (AUTH-08: "typically a rotated
 * refresh_token"). The tokens' formats are free.
 */
export function tokenFieldProblems(body: any, { refreshed = false } = {}): string[] {
  const problems: string[] = [];
  const seen = (field: string) => `${field} is ${JSON.stringify(body?.[field]) ?? 'missing'}`;
  if (typeof body?.access_token !== 'string' || body.access_token === '')
    problems.push('access_token is no string');
  if (body?.token_type !== 'Bearer') problems.push(`${seen('token_type')}, not "Bearer"`);
  if (body?.expires_in !== ACCESS_TOKEN_SECONDS)
    problems.push(`${seen('expires_in')}, not ${ACCESS_TOKEN_SECONDS}`);
  const refresh = body?.refresh_token;
  if (!(typeof refresh === 'string' && refresh !== '') && !(refreshed && refresh === undefined))
    problems.push(
      refresh === undefined ? 'refresh_token is missing' : 'refresh_token is no string',
    );
  if (typeof body?.scope !== 'string') problems.push(`${seen('scope')}, not a string`);
  return problems;
}
