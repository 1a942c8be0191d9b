import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type IndexInfo, renderIndexPage } from '../../src/http/index-page.ts';
import { defaultConfig } from '../../src/mock/config.ts';
import { startMock } from '../../src/mock/server.ts';
import { loadDocumentsByVersion } from '../../src/validation/documents-by-version.ts';
import { loadVersionRegistry } from '../../src/versions.ts';
import { useReferenceServer } from '../support/reference-server.ts';

// A newcomer opening a server's bare URL in a browser sees what it serves instead of a JSON 404.
const registry = loadVersionRegistry();
const config = defaultConfig();
// The mock's own status for a version is what the page shows (VER-05), not only the registry's.
config.versions['2026-07-07'] = { status: 'deprecated', sunset: '2027-07-07' };
let mock: Awaited<ReturnType<typeof startMock>>;
beforeAll(async () => {
  mock = await startMock({ config });
}, 60_000);
afterAll(() => mock.close());
const reference = useReferenceServer();

const { latest } = registry;
const servers: Array<[string, { url: () => string; name: string; token: string }]> = [
  ['mock', { url: () => mock.url, name: 'Service API mock', token: `mock-${latest}` }],
  [
    'reference server',
    { url: () => reference.server.url, name: 'Service reference server', token: `sk-${latest}` },
  ],
];
const asked: Array<[string, string, Record<string, string>]> = [
  ['GET /', '/', {}],
  ['GET / from a browser', '/', { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' }],
  ['GET / asking for JSON', '/', { accept: 'application/json' }],
  ['GET /index.html', '/index.html', {}],
];
const cases = servers.flatMap(([server, s]) =>
  asked.map(([what, path, headers]) => [`${server}: ${what}`, { ...s, path, headers }] as const),
);

describe('the index page', () => {
  it.each(cases)('%s is the HTML index', async (_, { url, name, path, headers }) => {
    const answer = await fetch(`${url()}${path}`, { headers });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    const page = await answer.text();
    expect(page).toContain(`<title>${name}</title>`);
    expect(page).toContain('<code>/v0/…</code>');
    for (const { version } of registry.versions) expect(page).toContain(`<td>${version}`);
    for (const endpoint of [
      'GET /oauth/authorize',
      'POST /oauth/token',
      'GET /.well-known/oauth-authorization-server',
    ])
      expect(page).toContain(`<code>${endpoint}</code>`);
  });

  it('shows the statuses the mock applies', async () => {
    const page = await (await fetch(`${mock.url}/`)).text();
    expect(page).toContain('<tr><td>2026-07-07</td><td>deprecated</td><td>2027-07-07</td></tr>');
    expect(page).toContain(`<tr><td>${latest} (latest)</td><td>supported</td><td></td></tr>`);
  });

  it.each(servers)('%s: its example curl line works as printed', async (_, { url, token }) => {
    const page = await (await fetch(`${url()}/`)).text();
    const [, bearer, target] =
      /curl -H &#39;Authorization: Bearer (\S+)&#39; (\S+)<\/code>/.exec(page) ?? [];
    expect([bearer, target]).toEqual([token, `${url()}/v1/webhook.list`]);
    expect((await fetch(target!, { headers: { authorization: `Bearer ${bearer}` } })).status).toBe(
      200,
    );
  });

  it.each(servers)('%s: answers HEAD / with the headers and no body', async (_, { url }) => {
    const answer = await fetch(`${url()}/`, { method: 'HEAD' });
    expect([answer.status, answer.headers.get('content-type'), await answer.text()]).toEqual([
      200,
      'text/html; charset=utf-8',
      '',
    ]);
  });
});

describe('other paths keep their answers', () => {
  const others: Array<[string, string, string]> = [
    ['POST /', 'POST', '/'],
    ['GET /index.htm', 'GET', '/index.htm'],
    ['GET /index.html/', 'GET', '/index.html/'],
    ['GET /v1/', 'GET', '/v1/'],
  ];
  const otherCases = servers.flatMap(([server, s]) =>
    others.map(([what, method, path]) => [`${server}: ${what}`, { ...s, method, path }] as const),
  );
  it.each(otherCases)('%s is not the index', async (_, { url, method, path }) => {
    const answer = await fetch(`${url()}${path}`, { method });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.headers.get('content-type')).toBe('application/json');
  });
});

describe('what the page repeats is escaped', () => {
  it.each(servers)(
    '%s: a Host header that is no host is not repeated into the page',
    async (_, { url }) => {
      const { hostname, port } = new URL(url());
      const page = await new Promise<string>((resolve, reject) => {
        const req = request({ hostname, port, path: '/', headers: { host: '<b>x</b>' } }, (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk)).on('end', () => resolve(body));
        });
        req.on('error', reject).end();
      });
      expect(page).not.toContain('<b>x</b>');
      expect(page).toContain(`${url()}/v1/webhook.list</code>`);
    },
  );

  // The page is built from the server's config and documents: markup in any of them stays text.
  const info = (): IndexInfo => ({
    server: 'mock',
    registry,
    overrides: {},
    documents: loadDocumentsByVersion(),
    tokens: defaultConfig().tokens,
  });
  const hostile: Array<[string, (i: IndexInfo) => IndexInfo]> = [
    ['the server name', (i) => ({ ...i, server: '<i>x</i>' })],
    [
      'a version status override',
      (i) => ({
        ...i,
        overrides: { [registry.latest]: { status: 'deprecated', sunset: '<i>x</i>' } },
      }),
    ],
    [
      'the example token',
      (i) => ({
        ...i,
        tokens: {
          '<i>x</i>': { pin: registry.latest, scopes: ['webhook:read'], access: 'organization' },
        },
      }),
    ],
  ];
  it.each(hostile)('%s', (_, change) => {
    const page = renderIndexPage(change(info()), 'http://127.0.0.1:1');
    expect(page).toContain('&lt;i&gt;x&lt;/i&gt;');
    expect(page).not.toContain('<i>x</i>');
  });
});
