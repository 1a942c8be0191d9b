import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/project-root.ts';
import { spawnListening } from '../support/spawn-listening.ts';

// `npm start` as a user runs it (without the build step, which would rewrite generated/ while other
// tests read it): it prints the docs, mock and reference URLs, and each answers.
let child: ChildProcess;
let urls: Record<string, string> = {};
let dataDir = '';

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'service-start-'));
  const args = ['--import', 'tsx', join(PROJECT_ROOT, 'scripts', 'start.ts'), '--docs-port', '0', '--mock-port', '0', '--reference-port', '0', '--data', dataDir, '--skip-build'];
  ({ child, urls } = await spawnListening(args, ['docs', 'mock', 'reference']));
}, 120_000);
afterAll(async () => {
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  await rm(dataDir, { recursive: true, force: true });
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

  it('serves the reference server, with its store under --data (SUB-07)', async () => {
    const answer = await fetch(`${urls.reference}/v1/webhook.list`, { headers: { authorization: 'Bearer sk-2026-07-07' } });
    expect([answer.status, answer.headers.get('service-version')]).toEqual([200, '2026-07-07']);
    expect((await answer.json()).webhooks).toEqual([expect.objectContaining({ dynamic: false })]);
  });
});
