import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHATS } from '../../src/reference/chats.ts';
import { seedWorkspace } from '../../src/reference/fixtures.ts';
import { HANDLERS } from '../../src/reference/handlers/index.ts';
import { profileOf } from '../../src/reference/profile.ts';
import { listVersions } from '../../src/versions.ts';

describe('conformance profile', () => {
  const profile = profileOf('http://127.0.0.1:4030', seedWorkspace());

  it('VER-02: lists a credential pinned to every version, one without a pin, and a personal one', () => {
    const pins = profile.credentials.map((c) => c.pin);
    for (const version of listVersions()) expect(pins).toContain(version);
    expect(pins).toContain(null);
    expect(profile.credentials.find((c) => c.access === 'personal')?.kind).toBe(
      'personal_access_token',
    );
    expect(profile.credentials.filter((c) => c.revoked)).toHaveLength(1);
  });

  it('names what it implements and a chat for every ephemeral case', () => {
    expect(profile.implements).toEqual(Object.keys(HANDLERS));
    expect(Object.keys(profile.fixtures.chats)).toEqual(Object.keys(CHATS));
    expect(profile.ephemeralStream).toBe(
      'http://127.0.0.1:4030/reference/ephemeral-stream?user={user}',
    );
  });

  it('AUTH-04: lists a confidential and a public OAuth client and how to consent', () => {
    expect(profile.oauthClients.map((c) => Boolean(c.secret))).toEqual([true, false]);
    expect(profile.oauthClients.every((c) => c.redirectUris.length > 0)).toBe(true);
    expect(profile.consent).toEqual({ query: { consent: 'allow' } });
  });

  it('AUTH-12: names the signing secret; the trigger and time scale only as the instance runs', () => {
    expect(profile.signingSecret).toMatch(/^whsec_/);
    expect(profile).not.toHaveProperty('eventTrigger');
    expect(profile.timeScale).toBe(1);
    const testing = profileOf('http://127.0.0.1:4030', seedWorkspace(), {
      timeScale: 600,
      triggerEvents: true,
    });
    expect([testing.eventTrigger, testing.timeScale]).toEqual([
      'http://127.0.0.1:4030/reference/events',
      600,
    ]);
  });

  it('serve --profile-out writes it with the address it listens on', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'service-profile-'));
    const file = join(dir, 'profile.json');
    // The server runs until killed; the profile is written before it starts listening for good.
    const child = execFile(process.execPath, [
      'bin/service-contract.js',
      'serve',
      '--port',
      '0',
      '--data',
      join(dir, 'data'),
      '--profile-out',
      file,
    ]);
    try {
      await new Promise<void>((resolve) =>
        child.stdout!.on(
          'data',
          (chunk: Buffer) => chunk.toString().includes('listening') && resolve(),
        ),
      );
      const written = JSON.parse(await readFile(file, 'utf8'));
      expect(written).toMatchObject({
        format: 'service-contract/profile@3',
        baseUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
      });
      expect(written.baseUrl).not.toMatch(/:0$/);
    } finally {
      child.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    }
  });
});
