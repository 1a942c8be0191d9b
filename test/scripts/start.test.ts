import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/project-root.ts';
import { spawnListening } from '../support/spawn-listening.ts';

// `npm start` as a user runs it (without the build step, which would rewrite generated/ while other
// tests read it): it prints the docs and mock URLs, and both answer.
let child: ChildProcess;
let urls: Record<string, string> = {};

beforeAll(async () => {
  ({ child, urls } = await spawnListening(['--import', 'tsx', join(PROJECT_ROOT, 'scripts', 'start.ts'), '--docs-port', '0', '--mock-port', '0', '--skip-build'], ['docs', 'mock']));
}, 120_000);
afterAll(() => {
  child.kill('SIGTERM');
});

describe('npm start', () => {
  it('serves the docs site', async () => {
    const landing = await fetch(`${urls.docs}/index.html`);
    expect(landing.status).toBe(200);
    expect(await landing.text()).toContain('<table id="versions">');
    expect((await fetch(`${urls.docs}/v1-2026-08-25.html`)).status).toBe(200);
  });

  it('serves the versioned mock (VER-03)', async () => {
    const answer = await fetch(`${urls.mock}/v1/webhook.list`, { headers: { authorization: 'Bearer mock-2026-08-25' } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('service-version')).toBe('2026-08-25');
  });
});
