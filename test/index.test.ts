import { describe, expect, it } from 'vitest';
import * as client from '../src/client/index.ts';
import * as toolkit from '../src/index.ts';
import * as oauth from '../src/oauth/index.ts';
import * as webhooks from '../src/webhooks/index.ts';

// The runtime names of each light entry point (types leave no trace at run time). An export added
// or dropped is a change to the public API: it has to be made here too, on purpose.
const CLIENT = ['createClient', 'errorCode', 'versionHeaders'];
const WEBHOOKS = [
  'DEFAULT_MAX_BODY_BYTES',
  'ENVELOPE_SINCE',
  'createFetchReceiver',
  'createNodeReceiver',
  'createReceiver',
  'memoryDedupeStore',
  'parseWebhook',
  'readWebhookHeaders',
  'signWebhook',
  'verifyAndParseWebhook',
  'verifyWebhook',
];
const OAUTH = [
  'TokenRevokedError',
  'createAuthorizationRequest',
  'createTokenSession',
  'exchangeCode',
  'refreshTokens',
];
const VERSIONS = ['listVersions', 'loadVersionRegistry'];
const ROOT = [...CLIENT, ...WEBHOOKS, ...OAUTH, ...VERSIONS];

const sorted = (names: Iterable<string>): string[] => [...names].sort();

describe('the package entry', () => {
  it('exports exactly the light subpaths and the version registry, nothing more or less', () => {
    expect(sorted(Object.keys(toolkit))).toEqual(sorted(ROOT));
  });

  it.each([
    ['service-contract/client', client, CLIENT],
    ['service-contract/webhooks', webhooks, WEBHOOKS],
    ['service-contract/oauth', oauth, OAUTH],
  ] as const)(
    '%s exports exactly its names, each the same value the root re-exports',
    (_, subpath, names) => {
      expect(sorted(Object.keys(subpath))).toEqual(sorted(names));
      const root = toolkit as Record<string, unknown>;
      for (const [name, value] of Object.entries(subpath)) expect(root[name], name).toBe(value);
    },
  );

  it('exports the envelope date as a value', () => {
    expect(toolkit.ENVELOPE_SINCE).toBe('2026-07-07');
  });

  it('VER-08: the envelope version agrees with the registry', () => {
    const entry = toolkit
      .loadVersionRegistry()
      .versions.find((v) => v.changes.some((c) => c.requirements.includes('VER-08')));
    expect(entry?.version).toBe(toolkit.ENVELOPE_SINCE);
  });
});
