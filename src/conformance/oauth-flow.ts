import { randomBytes } from 'node:crypto';
import { XMLParser } from 'fast-xml-parser';
import * as oauth from 'oauth4webapi';
import type { HttpAnswer } from '../http-answer.js';
import type { Skip } from './check.js';
import type { CheckContext } from './context.js';
import type { Profile } from './profile.js';
import { readAnswer } from './read-answer.js';

export type OAuthClient = Profile['oauthClients'][number];

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
 * `GET /oauth/authorize` with `params` over the usual ones, then the signed-in user's consent as a
 * browser gives it: where the answer is a page with a form, the form is submitted with its fields,
 * the profile's consent fields (the button the user presses) and the cookies the page set. The
 * answer is the authorize step's outcome: its refusal, or the redirect that follows consent.
 */
export async function authorize(
  context: CheckContext,
  client: OAuthClient,
  params: Record<string, string | undefined> = {},
): Promise<HttpAnswer<any>> {
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
  const page = await context.call({ path });
  const form =
    page.status === 200 && typeof page.body === 'string' ? consentForm(page.body) : undefined;
  return form ? submitConsent(context, `${context.profile.authUrl}${path}`, page, form) : page;
}

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

function findForm(nodes: HtmlNode[]): HtmlNode | undefined {
  for (const node of nodes) {
    if (tagOf(node) === 'form') return node;
    const found = findForm(childrenOf(node));
    if (found) return found;
  }
  return undefined;
}

/**
 * The `<input>` fields a browser submits by itself: not buttons, and check boxes only when checked.
 */
function inputsOf(nodes: HtmlNode[]): Array<[string, string]> {
  return nodes.flatMap((node): Array<[string, string]> => {
    if (tagOf(node) !== 'input') return inputsOf(childrenOf(node));
    const name = attribute(node, 'name');
    const type = (attribute(node, 'type') ?? 'text').toLowerCase();
    if (!name || ['submit', 'button', 'image', 'reset', 'file'].includes(type)) return [];
    if ((type === 'checkbox' || type === 'radio') && attribute(node, 'checked') === undefined)
      return [];
    return [[name, attribute(node, 'value') ?? (type === 'checkbox' ? 'on' : '')]];
  });
}

/** The first form of a page, if the page is markup the parser can read (quoted attributes). */
export function consentForm(html: string): ConsentForm | undefined {
  let nodes: HtmlNode[];
  try {
    nodes = HTML.parse(html) as HtmlNode[];
  } catch {
    return undefined;
  }
  const form = findForm(nodes);
  if (!form) return undefined;
  return {
    action: attribute(form, 'action'),
    method: (attribute(form, 'method') ?? 'get').toLowerCase(),
    fields: inputsOf(childrenOf(form)),
  };
}

/**
 * The `name=value` of each cookie a page set (one a line, see readAnswer), as a browser sends them
 * back.
 */
const cookiesOf = ({ headers }: HttpAnswer) =>
  (headers?.['set-cookie'] ?? '')
    .split('\n')
    .map((cookie) => cookie.split(';')[0]!.trim())
    .filter(Boolean)
    .join('; ');

/**
 * Submits a consent form as a browser does; the answer is held to the authorize step's document.
 */
async function submitConsent(
  context: CheckContext,
  pageUrl: string,
  page: HttpAnswer,
  form: ConsentForm,
): Promise<HttpAnswer<any>> {
  const target = new URL(form.action || pageUrl, pageUrl);
  const fields = new URLSearchParams(form.fields);
  for (const [name, value] of Object.entries(context.profile.consent.query))
    fields.set(name, value);
  const headers: Record<string, string> = { origin: new URL(pageUrl).origin };
  const cookies = cookiesOf(page);
  if (cookies) headers.cookie = cookies;
  const post = form.method === 'post';
  if (post) headers['content-type'] = 'application/x-www-form-urlencoded';
  else target.search = fields.toString();
  const response = await fetch(target, {
    method: post ? 'POST' : 'GET',
    headers,
    body: post ? fields.toString() : undefined,
    redirect: 'manual',
  });
  return observedAuthorize(context, response);
}

/** An answer standing for `GET /oauth/authorize`'s: a redirect to the client, or a refusal. */
async function observedAuthorize(
  context: CheckContext,
  response: Response,
): Promise<HttpAnswer<any>> {
  const answer = await readAnswer(response);
  context.judge({ path: '/oauth/authorize', method: 'GET' }, answer);
  return answer;
}

/** The `code` and `state` of an authorize redirect, if it is one. */
function redirectParams(answer: HttpAnswer): URLSearchParams | undefined {
  const location =
    answer.status === 302 || answer.status === 303 ? answer.headers?.location : undefined;
  return location ? new URL(location).searchParams : undefined;
}

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

export interface Code {
  code: string;
  verifier?: string;
}

/**
 * Authorizes `client` (with PKCE `S256` when `pkce`), returning the code, or throws saying what
 * came instead.
 */
export async function obtainCode(
  context: CheckContext,
  client: OAuthClient,
  { pkce = client.secret === undefined, scope }: { pkce?: boolean; scope?: string } = {},
): Promise<Code> {
  const pair = pkce ? await pkcePair() : undefined;
  const answer = await authorize(context, client, {
    scope,
    ...(pair ? { code_challenge: pair.challenge, code_challenge_method: 'S256' } : {}),
  });
  const code = redirectParams(answer)?.get('code');
  if (!code)
    throw new Error(
      `authorize answered ${answer.status} without a code${answer.status === 200 ? ' (no consent form the suite can submit on the page)' : ''}`,
    );
  return { code, verifier: pair?.verifier };
}

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

/** A fresh grant's token response body, or throws saying what came instead. */
export async function grantTokens(
  context: CheckContext,
  client: OAuthClient,
  scope?: string,
): Promise<{ access_token: string; refresh_token: string; scope: string }> {
  const answer = await exchangeCode(context, client, await obtainCode(context, client, { scope }));
  if (answer.status !== 200 || typeof answer.body?.access_token !== 'string')
    throw new Error(`the code exchange answered ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}
