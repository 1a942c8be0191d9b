import { describe, expect, it } from 'vitest';
import { gateVersion } from '../../src/versions.ts';
import { mentionFindings } from '../../src/devloop/mention-findings.ts';
import { listVersions } from '../../src/versions.ts';
import type { WebhookVersion } from '../../src/webhooks/versions.ts';

const GROUP = '5b0e6a52-0c43-4f7e-9a57-1d9f3c2b7e11';
const PERSON = 'U-3f1c2a4e-8d7b-4c61-9a0e-5b2d7f3e9c10';
const VERSIONS = listVersions() as WebhookVersion[];
// The first version of each grammar and the one before the change, from the registry.
const SUBTEAM = gateVersion('mention-render') as WebhookVersion;
const LEGACY = VERSIONS[VERSIONS.indexOf(SUBTEAM) - 1]!;
const BASELINE = VERSIONS[0]!;

const envelope = (version: string, text: unknown) => ({
  type: 'chat.message',
  eventId: 'evt_1',
  timestamp: '2026-08-25T09:30:00Z',
  apiVersion: version,
  data: { chatType: 'group', text },
});

interface Case {
  version: WebhookVersion;
  event?: string;
  payload: unknown;
  want: Array<{ location: string; actual: string[] }>;
}

// VER-10: message text reads in the grammar of the delivery's version; a delivery in the other
// grammar is a finding. People are `<@uuid>` in both, and writes (VER-13) are not judged here.
describe('mentionFindings', () => {
  it.each<[string, Case]>([
    [
      'legacy group and broadcast at the subteam version',
      {
        version: SUBTEAM,
        payload: envelope(SUBTEAM, `hi <@G-${GROUP}> and <@all>`),
        want: [{ location: 'payload/data/text', actual: [`<@G-${GROUP}>`, '<@all>'] }],
      },
    ],
    [
      'a legacy broadcast with a label at the subteam version',
      {
        version: SUBTEAM,
        payload: envelope(SUBTEAM, 'hi <@all|everyone>'),
        want: [{ location: 'payload/data/text', actual: ['<@all>'] }],
      },
    ],
    [
      'subteam forms before the change',
      {
        version: LEGACY,
        payload: envelope(LEGACY, `hi <!subteam^${GROUP}|team> and <!channel>`),
        want: [{ location: 'payload/data/text', actual: [`<!subteam^${GROUP}>`, '<!channel>'] }],
      },
    ],
    [
      'subteam forms in a bare baseline payload',
      {
        version: BASELINE,
        payload: { chatType: 'group', text: '<!channel> now' },
        want: [{ location: 'payload/text', actual: ['<!channel>'] }],
      },
    ],
    [
      'each form once, three at most',
      {
        version: SUBTEAM,
        payload: envelope(
          SUBTEAM,
          `<@all> <@all> <@G-${GROUP}> <@G-${GROUP.replace('5', '6')}> <@G-${GROUP.replace('5', '7')}>`,
        ),
        want: [
          {
            location: 'payload/data/text',
            actual: ['<@all>', `<@G-${GROUP}>`, `<@G-${GROUP.replace('5', '6')}>`],
          },
        ],
      },
    ],
    [
      'the subteam grammar and a person at the subteam version',
      {
        version: SUBTEAM,
        payload: envelope(SUBTEAM, `<!subteam^${GROUP}> <!channel> <@${PERSON}>`),
        want: [],
      },
    ],
    [
      'the legacy grammar and a person before the change',
      {
        version: LEGACY,
        payload: envelope(LEGACY, `<@G-${GROUP}> <@all> <@${PERSON}>`),
        want: [],
      },
    ],
    ['text that is not a string', { version: SUBTEAM, payload: envelope(SUBTEAM, 42), want: [] }],
    ['no text', { version: SUBTEAM, payload: { type: 'chat.message' }, want: [] }],
    ['a payload that is no object', { version: SUBTEAM, payload: '<@all>', want: [] }],
    [
      'another event',
      {
        version: SUBTEAM,
        event: 'meeting.ended',
        payload: { ...envelope(SUBTEAM, '<@all>'), type: 'meeting.ended' },
        want: [],
      },
    ],
    [
      'v0, which records no grammar',
      {
        version: 'v0',
        event: 'chat:message:channel',
        payload: { text: '<!channel> <@all>' },
        want: [],
      },
    ],
  ])('%s', (_name, { version, event = 'chat.message', payload, want }) => {
    const found = mentionFindings(version, event, payload);
    expect(found.map(({ location, actual }) => ({ location, actual }))).toEqual(want);
    for (const finding of found)
      expect(finding).toMatchObject({
        rule: 'mention_grammar',
        requirement: 'VER-10',
        severity: 'error',
        version,
      });
  });

  it('names the grammar the version wants in its message', () => {
    const [finding] = mentionFindings(SUBTEAM, 'chat.message', envelope(SUBTEAM, '<@all>'));
    expect(finding!.message).toBe(
      `the text mentions <@all> in the legacy grammar; at ${SUBTEAM} groups render as <!subteam^uuid> and broadcast as <!channel> (people stay <@uuid>)`,
    );
  });

  it('echoes no label, so no control character reaches the terminal', () => {
    const [finding] = mentionFindings(
      SUBTEAM,
      'chat.message',
      envelope(SUBTEAM, '<@all|\u001b[2J>'),
    );
    expect(finding!.message).not.toMatch(/\u001b/);
    expect(finding!.actual).toEqual(['<@all>']);
  });

  it.each(VERSIONS)('judges a 1 MiB text at %s quickly', (version) => {
    const text = `${'<@all|'.repeat(170_000)}`;
    const started = performance.now();
    mentionFindings(version, 'chat.message', envelope(version, text));
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
