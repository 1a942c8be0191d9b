import type { ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveLocal } from '../../src/openapi/operations.ts';
import { PROJECT_ROOT } from '../../src/project-root.ts';
import { pointer } from '../../src/validation/document-validator.ts';
import { type Bundle, loadBundles } from '../support/bundles.ts';
import { spawnListening } from '../support/spawn-listening.ts';
import { type Exchange, prismExchanges } from './prism-exchanges.ts';

// The published Prism CLI, not this package's mock, on every bundle as a user would run it
// (`prism mock generated/openapi/...json`): what a generic tool reads from the documents alone.
// Each named example is reachable with `Prefer`, the default 401 is `not_authed` (AUTH-01), the
// headers Prism makes up from the documents validate against them (VER-03), and Prism finds no
// fault with its own answers.
const require = createRequire(import.meta.url);
const PRISM_CLI = require.resolve('@stoplight/prism-cli/dist/index.js');
const bundles = loadBundles();
const running = new Map<string, { child: ChildProcess; url: string }>();

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  await Promise.all(
    bundles.map(async ({ api }) => {
      const port = await freePort();
      const file = join(PROJECT_ROOT, 'generated', api.bundle);
      const args = [PRISM_CLI, 'mock', '--host', '127.0.0.1', '--port', String(port), file];
      const { child, urls } = await spawnListening(args);
      running.set(api.name, { child, url: urls['listening on']! });
    }),
  );
}, 240_000);
afterAll(() => {
  for (const { child } of running.values()) child.kill();
});

async function send(bundle: Bundle, exchange: Exchange): Promise<Response> {
  const { url } = running.get(bundle.api.name)!;
  return fetch(`${url}${exchange.target}`, {
    method: exchange.method,
    headers: exchange.headers,
    body: exchange.body,
    redirect: 'manual',
  });
}

/** Every header the response documents: present when required, valid against its schema. */
function headerProblems(bundle: Bundle, exchange: Exchange, answer: Response): string[] {
  const { document, validator } = bundle;
  const response = exchange.response.reduce<any>((node, key) => node[key], document);
  const problems: string[] = [];
  for (const [name, raw] of Object.entries((response.headers ?? {}) as Record<string, unknown>)) {
    const { value: header, location } = resolveLocal(document, raw);
    const at = location ?? [...exchange.response, 'headers', name];
    const value = answer.headers.get(name);
    if (value === null) {
      if (header.required) problems.push(`${name} is missing`);
      continue;
    }
    for (const error of validator.validate(pointer([...at, 'schema']), value))
      problems.push(`${name}: ${JSON.stringify(value)} ${error.message}`);
  }
  return problems;
}

/** What Prism reports as wrong with its own answer (`sl-violations` located in the response). */
function responseViolations(answer: Response): string[] {
  const raw = answer.headers.get('sl-violations');
  if (!raw) return [];
  return (JSON.parse(raw) as Array<{ location: string[]; message: string }>)
    .filter((violation) => violation.location[0] === 'response')
    .map((violation) => `${violation.location.join('.')}: ${violation.message}`);
}

describe.each(bundles.map((bundle) => [bundle.api.name, bundle] as const))(
  'stock Prism on %s',
  (_, bundle) => {
    const exchanges = prismExchanges(bundle.document);

    it.each(exchanges.map((exchange) => [exchange.label, exchange] as const))(
      '%s',
      async (_, exchange) => {
        const answer = await send(bundle, exchange);
        const text = await answer.text();
        expect(answer.status, text).toBe(exchange.status);
        if (exchange.example !== undefined) expect(JSON.parse(text)).toEqual(exchange.example);
        expect(headerProblems(bundle, exchange, answer)).toEqual([]);
        expect(responseViolations(answer)).toEqual([]);
        // VER-03: a v1 answer names the version of the document it was made with.
        if (bundle.api.version)
          expect(answer.headers.get('service-version')).toBe(bundle.document.info.version);
      },
    );
  },
);
