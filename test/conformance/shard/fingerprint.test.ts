import { describe, expect, it } from 'vitest';
import { fingerprint } from '../../../src/conformance/shard/fingerprint.ts';

const profile = (base: string, token = 'sk-1') => ({
  baseUrl: base,
  authUrl: base,
  eventTrigger: `${base}/__trigger`,
  credentials: [{ token, pin: '2026-08-25' }],
  avatarHosts: [base],
});

describe('fingerprint', () => {
  it.each([
    ['another port (an instance per shard)', profile('http://127.0.0.1:4101'), true],
    ['another host name', profile('http://shard-2.internal:8080'), true],
    [
      'the keys in another order',
      Object.fromEntries(Object.entries(profile('http://127.0.0.1:4100')).reverse()),
      true,
    ],
    ['another token', profile('http://127.0.0.1:4100', 'sk-2'), false],
    ['another scheme', profile('https://127.0.0.1:4100'), false],
    [
      'another path',
      { ...profile('http://127.0.0.1:4100'), eventTrigger: 'http://x/other' },
      false,
    ],
  ])('%s: the same as the first instance: %s', (_, other, same) => {
    const first = fingerprint(profile('http://127.0.0.1:4100'));
    expect(fingerprint(other) === first).toBe(same);
  });

  it('names no credential', () => {
    expect(fingerprint(profile('http://127.0.0.1:1', 'sk-secret'))).not.toContain('secret');
  });
});
