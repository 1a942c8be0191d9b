import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gateVersion } from '../../src/versions.ts';
import { listVersions } from '../../src/versions.ts';
import { signedDelivery } from '../../src/webhooks/signed-delivery.ts';
import type { WebhookVersion } from '../../src/webhooks/versions.ts';
import { stop } from './cli-process.ts';
import { type Listening, startListen } from './listen-process.ts';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const GROUP = '5b0e6a52-0c43-4f7e-9a57-1d9f3c2b7e11';
const PERSON = 'U-3f1c2a4e-8d7b-4c61-9a0e-5b2d7f3e9c10';
const VERSIONS = listVersions() as WebhookVersion[];
// The first version of the subteam grammar, the one before it and the latest: from the registry.
const SUBTEAM = gateVersion('mention-render') as WebhookVersion;
const LEGACY = VERSIONS[VERSIONS.indexOf(SUBTEAM) - 1]!;
const LATEST = VERSIONS.at(-1)!;

const LEGACY_TEXT = `Heads up <@G-${GROUP}> and <@all>, thanks <@${PERSON}>`;
const SUBTEAM_TEXT = `Heads up <!subteam^${GROUP}> and <!channel>, thanks <@${PERSON}>`;

let listening: Listening;
beforeAll(async () => {
  listening = await startListen(['--secret', SECRET, '--json']);
});
afterAll(async () => {
  if (listening) await stop(listening.child);
});

async function post(version: WebhookVersion, text: string) {
  const delivery = signedDelivery({
    secret: SECRET,
    version,
    payload: {
      type: 'chat.message',
      eventId: 'evt_1',
      timestamp: '2026-08-25T09:30:00Z',
      apiVersion: version,
      data: { chatType: 'group', text },
    },
  });
  const answer = await fetch(listening.url, {
    method: 'POST',
    headers: delivery.headers,
    body: delivery.body,
  });
  await answer.text();
  return answer.status;
}

// VER-10: listen judges message text by the delivery's version: the subteam grammar from the
// change on, the legacy one before it; people are `<@uuid>` in both.
describe('listen judges the mention grammar of chat.message deliveries', () => {
  it.each<[string, { version: WebhookVersion; text: string; finding: boolean }]>([
    [
      'legacy forms at the first subteam version',
      { version: SUBTEAM, text: LEGACY_TEXT, finding: true },
    ],
    ['legacy forms at the latest version', { version: LATEST, text: LEGACY_TEXT, finding: true }],
    ['subteam forms before the change', { version: LEGACY, text: SUBTEAM_TEXT, finding: true }],
    ['subteam forms from the change on', { version: SUBTEAM, text: SUBTEAM_TEXT, finding: false }],
    ['legacy forms before the change', { version: LEGACY, text: LEGACY_TEXT, finding: false }],
  ])('%s', async (_name, { version, text, finding }) => {
    const before = listening.stdout().split('\n').filter(Boolean).length;
    const status = await post(version, text);
    const record = (await listening.records(before + 1))[before]!;
    if (!finding) {
      expect(status).toBe(204);
      expect(record).toMatchObject({ version, ok: true, diagnostics: [] });
      return;
    }
    expect(status).toBe(400);
    expect(record).toMatchObject({
      event: 'chat.message',
      version,
      signature: 'verified',
      ok: false,
      answer: { status: 400 },
      diagnostics: [
        expect.objectContaining({
          rule: 'mention_grammar',
          requirement: 'VER-10',
          location: 'payload/data/text',
        }),
      ],
    });
  });
});
