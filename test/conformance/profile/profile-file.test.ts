import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { PROFILE_SCHEMA, readProfile } from '../../../src/conformance/profile/profile-file.ts';
import { seedWorkspace } from '../../../src/reference/fixtures.ts';
import { profileOf } from '../../../src/reference/profile.ts';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'service-profile-file-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const written = profileOf('http://127.0.0.1:4030', seedWorkspace());
const { staticSubscriptions: _, ...withoutStatic } = written;

describe('reading a profile file', () => {
  // Reading a profile skips the meta-schema check (it cost every process 80 ms): this is it.
  it('the profile schema is a valid JSON Schema 2020-12', () => {
    const ajv = new Ajv2020({ strict: false });
    expect(ajv.validateSchema(PROFILE_SCHEMA), ajv.errorsText()).toBe(true);
  });

  it.each([
    ['format 3 as the reference server writes it', written, []],
    ['format 3 declaring no static subscriptions', { ...written, staticSubscriptions: [] }, []],
    ['format 2', { ...written, format: 'service-contract/profile@2' }, []],
    [
      'format 1, written before static subscriptions were declared',
      { ...withoutStatic, format: 'service-contract/profile@1' },
      [],
    ],
    [
      'format 3 without staticSubscriptions',
      withoutStatic,
      [expect.stringContaining("must have required property 'staticSubscriptions'")],
    ],
    [
      'a static subscription without its url',
      { ...written, staticSubscriptions: [{ event: 'chat.message' }] },
      [expect.stringContaining("/staticSubscriptions/0 must have required property 'url'")],
    ],
    [
      'an implements entry in upper case, saying how it is written',
      { ...written, implements: ['V1 POST /chat.postEphemeral'] },
      [
        expect.stringContaining(
          'implements: "V1 POST /chat.postEphemeral" is written "v1 post /chat.postEphemeral"',
        ),
        expect.stringContaining('implements takes entries such as: v0 post /webhook.subscribe'),
      ],
    ],
    [
      'an implements entry naming no operation',
      { ...written, implements: ['v1 post /chat.postMessage'] },
      [
        expect.stringContaining('"v1 post /chat.postMessage" is no operation of the documents'),
        expect.stringContaining('implements takes entries such as'),
      ],
    ],
    [
      'a lifecycle naming no dated version, or one version twice',
      {
        ...written,
        lifecycle: { deprecated: ['2026-06-01', '2020-01-01'], sunset: ['2026-06-01'] },
      },
      [
        expect.stringContaining('lifecycle: "2020-01-01" is no dated version'),
        expect.stringContaining('lifecycle: "2026-06-01" is both deprecated and sunset'),
      ],
    ],
    [
      'a reading the requirements do not record',
      { ...written, readings: ['VER-11.made-up'] },
      [expect.stringContaining('readings: "VER-11.made-up" is no reading')],
    ],
    [
      'format 2, whose OAuth clients name no app, as before format 3',
      {
        ...written,
        format: 'service-contract/profile@2',
        oauthClients: written.oauthClients.map(({ app: _app, ...client }) => client),
      },
      [],
    ],
    [
      'an OAuth client whose app is empty',
      { ...written, oauthClients: [{ ...written.oauthClients[0]!, app: '' }] },
      [expect.stringContaining('/oauthClients/0/app must NOT have fewer than 1 characters')],
    ],
    [
      'a format it does not know, naming those it does',
      { ...written, format: 'service-contract/profile@9' },
      [
        expect.stringContaining(
          '(service-contract/profile@1, service-contract/profile@2, service-contract/profile@3)',
        ),
      ],
    ],
  ])('%s', async (name, profile, problems) => {
    const file = join(dir, `${name.replaceAll(/\W+/g, '-')}.json`);
    await writeFile(file, JSON.stringify(profile));
    const read = await readProfile(file);
    expect('problems' in read ? read.problems : []).toEqual(problems);
  });

  it("AUTH-12: the reference server's profile names each OAuth client's app, whose secret it lists", () => {
    expect(written.oauthClients.map((c) => c.app)).toEqual(
      seedWorkspace().oauthClients.map((c) => c.app),
    );
    for (const { app } of written.oauthClients)
      expect(Object.hasOwn(written.signingSecrets ?? {}, app!)).toBe(true);
  });

  it("SUB-07: the reference server's profile declares the workspace's static subscriptions", () => {
    expect(written.format).toBe('service-contract/profile@3');
    expect(written.staticSubscriptions).toEqual(
      seedWorkspace().staticSubscriptions.map(({ event, url }) => ({ event, url })),
    );
    expect(written.staticSubscriptions).not.toEqual([]);
  });
});
