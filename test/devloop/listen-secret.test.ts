import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configDir, keptSecret } from '../../src/devloop/listen-secret.ts';
import { parseSecret } from '../../src/webhooks/secret.ts';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'service-secret-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('configDir', () => {
  it.each([
    [{ XDG_CONFIG_HOME: '/x/config' }, '/x/config/service-contract'],
    [{ XDG_CONFIG_HOME: '' }, join(homedir(), '.config', 'service-contract')],
    [{}, join(homedir(), '.config', 'service-contract')],
  ])('with %j is %s', (env, expected) => {
    expect(configDir(env)).toBe(expected);
  });
});

describe('keptSecret', () => {
  it('makes a whsec_ secret once, readable by its owner only, and gives it back after', async () => {
    const folder = join(dir, 'a');
    const made = keptSecret(folder);
    expect(made).toMatchObject({ created: true, file: join(folder, 'listen-secret') });
    expect(parseSecret(made.secret)).toHaveProperty('key');
    expect((await stat(made.file)).mode & 0o777).toBe(0o600);
    expect(keptSecret(folder)).toEqual({ ...made, created: false });
  });

  it('replaces a file that holds no secret', async () => {
    const folder = join(dir, 'b');
    const made = keptSecret(folder);
    await writeFile(made.file, 'whsec_not base64!\n');
    const again = keptSecret(folder);
    expect(again.created).toBe(true);
    expect(again.secret).not.toBe(made.secret);
    expect((await readFile(made.file, 'utf8')).trim()).toBe(again.secret);
  });
});
