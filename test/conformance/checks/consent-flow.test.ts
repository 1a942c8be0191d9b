import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../../../src/conformance/run/context.ts';
import { authorize, consentForm } from '../../../src/conformance/oauth/index.ts';
import type { Profile } from '../../../src/conformance/profile/profile.ts';

const REDIRECT_URI = 'http://localhost:8080/callback';
const CLIENT = { id: 'client_public', redirectUris: [REDIRECT_URI], scopes: ['chat:write'] };

/**
 * How a consent page of the fake server behaves: its form's method, the button field it needs,
 * whether a sign-in page comes first, and what stands before the consent form on the page.
 */
interface Page {
  method: 'get' | 'post';
  button: [string, string];
  signIn?: boolean;
  decoy?: string;
  /** Not a consent page: a refusal for people, with no form. */
  refuse?: boolean;
}

const PAGES = new Map<string, Page>([
  ['post', { method: 'post', button: ['consent', 'allow'] }],
  ['get', { method: 'get', button: ['approve', 'yes'] }],
  [
    'decoy',
    {
      method: 'post',
      button: ['decision', 'approve'],
      decoy:
        '<form method="post" action="/sign-out"><button name="sign_out" value="1">Sign out</button></form>',
    },
  ],
  ['sign-in', { method: 'post', button: ['consent', 'allow'], signIn: true }],
  ['refuse', { method: 'post', button: ['consent', 'allow'], refuse: true }],
]);

const cookiesOf = (req: IncomingMessage) =>
  new Map(
    String(req.headers.cookie ?? '')
      .split(';')
      .map((pair) => pair.trim().split('=') as [string, string]),
  );

function pageHtml(kind: string, page: Page, query: URLSearchParams): string {
  const [name, value] = page.button;
  const hidden = (field: string) =>
    `<input type="hidden" name="${field}" value="${String(query.get(field))}"/>`;
  return `<!DOCTYPE html><html><body>${page.decoy ?? ''}
<div><form method="${page.method.toUpperCase()}" action="/${kind}/decide">
<input type="hidden" name="csrf" value="token-1"/>${hidden('redirect_uri')}${hidden('state')}
<input type="checkbox" name="remember"/>
<select name="lang"><option value="en">English</option><option value="fr" selected>French</option></select>
<button type="submit" name="${name}" value="${value}">Yes</button>
<button type="submit" name="${name}" value="no">No</button>
</form></div></body></html>`;
}

/**
 * A consent decision's fields, when the CSRF cookie and field agree, the button is the page's and
 * the method too.
 */
async function decide(
  req: IncomingMessage,
  url: URL,
  page: Page,
): Promise<URLSearchParams | undefined> {
  let body = '';
  for await (const chunk of req) body += String(chunk);
  const fields = page.method === 'get' ? url.searchParams : new URLSearchParams(body);
  const [name, value] = page.button;
  const csrf = cookiesOf(req).get('csrf');
  if (req.method !== page.method.toUpperCase() || csrf !== 'token-1') return undefined;
  if (fields.get('csrf') !== csrf || fields.get(name) !== value) return undefined;
  return fields.get('lang') === 'fr' && !fields.has('remember') ? fields : undefined;
}

async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://fake');
  const kind = url.pathname.split('/')[1]!;
  const page = PAGES.get(kind);
  const rest = url.pathname.slice(kind.length + 1);
  const query = url.searchParams;
  if (!page) return void res.writeHead(404).end();
  if (rest === '/sign-in')
    return void res
      .writeHead(302, {
        location: `/${kind}/oauth/authorize?${query.get('next')}`,
        'set-cookie': 'session=1; Path=/; HttpOnly',
      })
      .end();
  if (rest === '/oauth/authorize') {
    if (page.signIn && cookiesOf(req).get('session') !== '1')
      return void res
        .writeHead(302, { location: `/${kind}/sign-in?next=${encodeURIComponent(String(query))}` })
        .end();
    const html = page.refuse
      ? '<html><body><p>Unknown app</p></body></html>'
      : pageHtml(kind, page, query);
    return void res
      .writeHead(200, { 'content-type': 'text/html', 'set-cookie': 'csrf=token-1; Path=/' })
      .end(html);
  }
  const decided = rest === '/decide' ? await decide(req, url, page) : undefined;
  if (decided) {
    const location = new URL(String(decided.get('redirect_uri')));
    location.searchParams.set('code', 'code-1');
    location.searchParams.set('state', String(decided.get('state')));
    return void res.writeHead(302, { location: location.toString() }).end();
  }
  res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"access_denied"}');
}

let server: ReturnType<typeof createServer>;
let origin = '';
beforeAll(async () => {
  server = createServer((req, res) => void serve(req, res).catch(() => res.writeHead(500).end()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The browser step against the fake server's `kind` of consent page. */
async function authorizeAt(kind: string) {
  const page = PAGES.get(kind)!;
  const profile = {
    baseUrl: origin,
    authUrl: `${origin}/${kind}`,
    consent: { query: Object.fromEntries([page.button]) },
  } as unknown as Profile;
  const scope = { profile, version: '2026-08-25', documents: new Map(), fullSchedule: false };
  const { context } = createContext(
    { id: 'consent-flow', requirements: ['AUTH-05'] },
    { ...scope, receiver: () => Promise.reject(new Error('no receiver')) },
  );
  return authorize(context, CLIENT, { state: 's-1' });
}

// AUTH-05: the suite consents as a browser on whatever consent page the server shows.
describe('authorize: consent as a browser gives it', () => {
  it.each([
    ['a POST form with a CSRF cookie and field', 'post'],
    ['a GET form whose button is the declared approve=yes', 'get'],
    ['a sign-out form before the consent form', 'decoy'],
    ['a sign-in page on the auth host first, setting a session cookie', 'sign-in'],
  ])('reaches the client with a code: %s', async (_, kind) => {
    const outcome = await authorizeAt(kind);
    expect(outcome.target?.toString(), outcome.steps.join('\n')).toBe(
      `${REDIRECT_URI}?code=code-1&state=s-1`,
    );
  });

  it('stops at a page with no form: the refusal is the outcome', async () => {
    const outcome = await authorizeAt('refuse');
    expect([outcome.answer.status, outcome.target, outcome.steps.length]).toEqual([
      200,
      undefined,
      1,
    ]);
  });

  it('says each request on the way, without the code', async () => {
    const { steps } = await authorizeAt('sign-in');
    expect(steps.map((s) => s.split(' ').slice(0, 1).concat(s.split(' -> ')[1]!))).toEqual([
      ['GET', expect.stringMatching(/^302 \/sign-in\/sign-in\?next=/)],
      ['GET', expect.stringMatching(/^302 \/sign-in\/oauth\/authorize\?/)],
      ['GET', '200'],
      ['POST', `302 ${REDIRECT_URI}?code=[redacted]&state=s-1`],
    ]);
  });
});

describe('consentForm', () => {
  const page = (forms: string) => `<html><body>${forms}</body></html>`;
  const search = '<form method="get" action="/search"><input name="q" value="x"/></form>';
  const signOut =
    '<form method="post" action="/out"><input type="hidden" name="t" value="1"/></form>';
  const consent =
    '<form method="post" action="/consent"><input type="hidden" name="token" value="abc"/><button name="decision" value="ok">OK</button></form>';

  it.each([
    [
      'the form holding the declared button',
      page(search + signOut + consent),
      ['decision'],
      '/consent',
    ],
    ['else the first form that posts', page(search + signOut), ['decision'], '/out'],
    ['else the first form', page(search), [], '/search'],
  ])('picks %s', (_, html, buttons, action) => {
    expect(consentForm(html, buttons)?.action).toBe(action);
  });

  it('sends hidden fields, checked boxes, selects and text areas, but not buttons', () => {
    const html = page(
      '<form method="post"><input type="hidden" name="a" value="1"/><input type="checkbox" name="b" checked/><input type="checkbox" name="c"/><select name="d"><option value="x"/><option value="y" selected/></select><textarea name="e">hi</textarea><button name="f" value="g">go</button></form>',
    );
    expect(consentForm(html)?.fields).toEqual([
      ['a', '1'],
      ['b', 'on'],
      ['d', 'y'],
      ['e', 'hi'],
    ]);
  });
});
