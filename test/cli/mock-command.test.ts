import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/project-root.ts';
import { spawnListening } from '../support/spawn-listening.ts';

// The mock as a user starts it: a real process, stopped by the test.
let child: ChildProcess;
let url = '';

beforeAll(async () => {
  const started = await spawnListening([
    join(PROJECT_ROOT, 'bin', 'service-contract.js'),
    'mock',
    '--port',
    '0',
    '--sunset',
    '2026-06-01',
    '--deprecate',
    '2026-07-07=2027-07-07',
  ]);
  child = started.child;
  url = started.urls['listening on']!;
}, 60_000);
afterAll(() => {
  child.kill();
});

describe('service-contract mock', () => {
  const cases: Array<[string, { token: string; status: number; deprecation: string | null }]> = [
    [
      'VER-05: --sunset makes a pinned version answer 410',
      { token: 'mock-2026-06-01', status: 410, deprecation: null },
    ],
    [
      'VER-05: --deprecate adds Deprecation and Sunset',
      { token: 'mock-2026-07-07', status: 200, deprecation: 'true' },
    ],
    [
      'a current version answers normally',
      { token: 'mock-2026-08-25', status: 200, deprecation: null },
    ],
  ];
  it.each(cases)('%s', async (_, { token, status, deprecation }) => {
    const response = await fetch(`${url}/v1/webhook.list`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(status);
    expect(response.headers.get('deprecation')).toBe(deprecation);
    if (deprecation) expect(response.headers.get('sunset')).toBe('Wed, 07 Jul 2027 00:00:00 GMT');
  });
});
