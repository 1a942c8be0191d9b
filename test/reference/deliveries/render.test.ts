import { describe, expect, it } from 'vitest';
import { renderMentions, renderPayload } from '../../../src/reference/deliveries/render.ts';

const G = '5b0e6a52-0c43-4f7e-9a57-1d9f3c2b7e11';
const U = 'U-3f1c2a4e-8d7b-4c61-9a0e-5b2d7f3e9c10';

describe('renderMentions (VER-10)', () => {
  const cases: Array<[string, { given: string; grammar: 'baseline' | 'subteam'; want: string }]> = [
    [
      'a group, new grammar',
      { given: `hi <@G-${G}>`, grammar: 'subteam', want: `hi <!subteam^${G}>` },
    ],
    ['broadcast, new grammar', { given: 'hi <@all>', grammar: 'subteam', want: 'hi <!channel>' }],
    ['a principal stays', { given: `hi <@${U}>`, grammar: 'subteam', want: `hi <@${U}>` }],
    [
      'a label is kept',
      { given: `hi <@G-${G}|team>`, grammar: 'subteam', want: `hi <!subteam^${G}|team>` },
    ],
    [
      'back to the baseline',
      { given: `hi <!subteam^${G}> <!channel>`, grammar: 'baseline', want: `hi <@G-${G}> <@all>` },
    ],
    [
      'the baseline is unchanged',
      { given: `hi <@G-${G}> <@all>`, grammar: 'baseline', want: `hi <@G-${G}> <@all>` },
    ],
  ];
  it.each(cases)('%s', (_, { given, grammar, want }) =>
    expect(renderMentions(given, grammar)).toBe(want),
  );
});

describe('renderPayload (VER-08)', () => {
  const identity = { eventId: 'evt_1', occurredAt: '2026-09-01T00:00:00.000Z' };
  const event = { generation: 'v1' as const, type: 'meeting.ended', data: { a: 1 } };
  it('is bare on the baseline', () =>
    expect(renderPayload(event, '2026-06-01', identity)).toEqual({ a: 1 }));
  it('is enveloped from 2026-07-07 with the subscription version', () =>
    expect(renderPayload(event, '2026-07-23', identity)).toEqual({
      type: 'meeting.ended',
      eventId: 'evt_1',
      timestamp: identity.occurredAt,
      apiVersion: '2026-07-23',
      data: { a: 1 },
    }));
  it('leaves v0 payloads as they are', () =>
    expect(
      renderPayload({ ...event, generation: 'v0', data: { text: '<@all>' } }, 'v0', identity),
    ).toEqual({ text: '<@all>' }));
});
