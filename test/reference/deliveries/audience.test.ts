import { describe, expect, it } from 'vitest';
import { hearsChatEvent } from '../../../src/reference/deliveries/audience.ts';
import type { EventContext } from '../../../src/reference/deliveries/service-event.ts';
import { CHATS } from '../../../src/reference/chats.ts';
import type { WebhookVersion } from '../../../src/webhooks/versions.ts';

const message = (context: EventContext) => ({
  generation: 'v1' as const,
  type: 'chat.message',
  data: {},
  context,
});

describe('hearsChatEvent (VER-11)', () => {
  const cases: Array<
    [
      string,
      {
        version: WebhookVersion;
        context: EventContext;
        filter?: Record<string, unknown>;
        want: boolean;
      },
    ]
  > = [
    [
      'before 2026-08-20 a member group is mention-only',
      {
        version: '2026-08-07',
        context: { chatId: CHATS.channel.id, mentionsApp: false },
        want: false,
      },
    ],
    [
      'before 2026-08-20 a mention is heard',
      {
        version: '2026-08-07',
        context: { chatId: CHATS.channel.id, mentionsApp: true },
        want: true,
      },
    ],
    [
      'from 2026-08-20 every message of a member group',
      {
        version: '2026-08-20',
        context: { chatId: CHATS.channel.id, mentionsApp: false },
        want: true,
      },
    ],
    [
      'from 2026-08-20 not a group the app is not in',
      {
        version: '2026-08-25',
        context: { chatId: CHATS.channelWithoutApp.id, mentionsApp: true },
        want: false,
      },
    ],
    [
      'from 2026-08-20 mention: true restores mention-only',
      {
        version: '2026-08-20',
        context: { chatId: CHATS.channel.id, mentionsApp: false },
        filter: { mention: true },
        want: false,
      },
    ],
    [
      'a DM the app is in, any version',
      { version: '2026-06-01', context: { chatId: CHATS.dm.id }, want: true },
    ],
    [
      'a DM the app is not in, any version',
      { version: '2026-08-25', context: { chatId: CHATS.dmWithoutApp.id }, want: false },
    ],
    [
      'an unknown chat',
      {
        version: '2026-08-25',
        context: { chatId: 'c27fd1c9-73ba-4a0f-81ce-84a50d9cef88' },
        want: false,
      },
    ],
    ['no chat given: not held back', { version: '2026-08-25', context: {}, want: true }],
  ];
  it.each(cases)('%s', (_, { version, context, filter, want }) =>
    expect(hearsChatEvent(message(context), version, filter ?? null)).toBe(want),
  );

  it('does not apply to other events or to v0', () => {
    const outside = { chatId: CHATS.dmWithoutApp.id };
    expect(hearsChatEvent({ ...message(outside), type: 'meeting.ended' }, '2026-08-25', null)).toBe(
      true,
    );
    expect(hearsChatEvent(message(outside), 'v0', null)).toBe(true);
  });
});
