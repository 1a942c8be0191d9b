import type { IncomingMessage, ServerResponse } from 'node:http';
import { listOperations } from '../openapi/operations.js';
import type { LoadedDocument } from '../validation/documents-by-version.js';
import type { VersionRegistry } from '../versions.js';
import { escapeHtml } from './escape-html.js';
import type { Credential, FrontConfig } from './front-config.js';

/** What the index of a server names: shared by the mock and the reference server. */
export interface IndexInfo {
  /** The server's name, as the page's title. */
  server: string;
  registry: VersionRegistry;
  /**
   * The version statuses in force over the registry's (the mock's config, the reference lifecycle).
   */
  overrides: FrontConfig['versions'];
  /** The bundled documents: the v0 and OAuth ones name the generation and the endpoints. */
  documents: ReadonlyMap<string, LoadedDocument>;
  /** The server's seeded credentials: the example call uses one of them. */
  tokens: Record<string, Credential>;
}

/** The example call: an operation every dated version has. */
const EXAMPLE_PATH = '/v1/webhook.list';
/**
 * A Host header that is a plain host and port; anything else is not repeated into a command line.
 */
const PLAIN_HOST = /^[A-Za-z0-9.-]+(:\d+)?$|^\[[0-9A-Fa-f:.]+\](:\d+)?$/;

/**
 * Only exactly `/` (or `/index.html`) read with GET or HEAD is the index; other paths keep their
 * answers.
 */
export function isIndexRequest(req: IncomingMessage): boolean {
  const path = (req.url ?? '').split('?')[0];
  return (
    (req.method === 'GET' || req.method === 'HEAD') && (path === '/' || path === '/index.html')
  );
}

/** Answers the index: a browser opening the bare URL sees what is served instead of a JSON 404. */
export function writeIndexPage(req: IncomingMessage, res: ServerResponse, info: IndexInfo): void {
  res
    .writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'x-content-type-options': 'nosniff',
      // The page has no scripts or outside resources: forbid them all.
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
      'cache-control': 'no-store',
    })
    .end(renderIndexPage(info, baseUrlOf(req)));
}

/** The URL the client used, for a curl line that works as pasted. */
function baseUrlOf(req: IncomingMessage): string {
  const host = req.headers.host;
  if (host && PLAIN_HOST.test(host)) return `http://${host}`;
  const { localAddress = '127.0.0.1', localPort } = req.socket;
  return `http://${localAddress.includes(':') ? `[${localAddress}]` : localAddress}:${localPort}`;
}

export function renderIndexPage(info: IndexInfo, baseUrl: string): string {
  const title = escapeHtml(info.server);
  const curl = `curl -H 'Authorization: Bearer ${exampleToken(info)}' ${baseUrl}${EXAMPLE_PATH}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>
<body>
<h1>${title}</h1>
<p>This server answers JSON; this page only lists what it serves.</p>
<h2>Generations</h2>
<ul>
<li><code>/v0/…</code>: ${escapeHtml(summaryOf(info.documents.get('v0')))}</li>
<li><code>/v1/…</code>: dated versions, chosen by the <code>Service-Version</code> header, else the token's pin, else the baseline ${escapeHtml(info.registry.baseline)}</li>
</ul>
${versionTable(info)}
<h2>OAuth endpoints</h2>
<ul>
${oauthEndpoints(info.documents.get('auth'))
  .map((line) => `<li><code>${escapeHtml(line)}</code></li>`)
  .join('\n')}
</ul>
<h2>Try it</h2>
<pre><code>${escapeHtml(curl)}</code></pre>
</body></html>
`;
}

/** An organization credential pinned to the latest version that may list subscriptions. */
function exampleToken({ tokens, registry }: IndexInfo): string {
  const fits = ([, c]: [string, Credential]) =>
    c.pin === registry.latest &&
    c.access === 'organization' &&
    !c.revoked &&
    c.scopes.includes('webhook:read');
  return Object.entries(tokens).find(fits)?.[0] ?? '<token>';
}

function summaryOf(loaded: LoadedDocument | undefined): string {
  const info = loaded?.document.info;
  return info ? `${info.title}${info.summary ? `. ${String(info.summary)}` : ''}` : 'not served';
}

/**
 * Each dated version with its status as the server applies it (an override wins, as VER-05 says).
 */
function versionTable({ registry, overrides }: IndexInfo): string {
  const rows = registry.versions.map((entry) => {
    const status = overrides[entry.version]?.status ?? entry.status;
    const sunset = overrides[entry.version]?.sunset ?? entry.sunset ?? '';
    const latest = entry.version === registry.latest ? ' (latest)' : '';
    return `<tr><td>${escapeHtml(entry.version + latest)}</td><td>${escapeHtml(status)}</td><td>${escapeHtml(sunset)}</td></tr>`;
  });
  return `<table id="versions">\n<tr><th>Version</th><th>Status</th><th>Sunset</th></tr>\n${rows.join('\n')}\n</table>`;
}

function oauthEndpoints(loaded: LoadedDocument | undefined): string[] {
  if (!loaded) return [];
  return listOperations(loaded.document)
    .filter((op) => op.kind === 'path')
    .map((op) => `${op.method.toUpperCase()} ${op.name}`);
}
