import { describe, expect, it } from 'vitest';
import * as toolkit from '../src/index.ts';

describe('the package entry', () => {
  it('exports the clients, OAuth helpers, webhook tools and the version registry', () => {
    const functions = ['createClient', 'errorCode', 'versionHeaders', 'createAuthorizationRequest', 'exchangeCode', 'refreshTokens',
      'createTokenSession', 'signWebhook', 'verifyWebhook', 'parseWebhook', 'createReceiver', 'createFetchReceiver',
      'createNodeReceiver', 'memoryDedupeStore', 'listVersions', 'loadVersionRegistry'] as const;
    for (const name of functions) expect(typeof toolkit[name], name).toBe('function');
    expect(toolkit.ENVELOPE_SINCE).toBe('2026-07-07');
  });

  it('VER-08: the envelope version agrees with the registry', () => {
    const entry = toolkit.loadVersionRegistry().versions.find((v) => v.changes.some((c) => c.requirements.includes('VER-08')));
    expect(entry?.version).toBe(toolkit.ENVELOPE_SINCE);
  });
});
