import { setTimeout as sleep } from 'node:timers/promises';
import { MEMBERSHIP_SINCE } from '../../webhooks/versions.js';
import type { Check } from '../check.js';
import { nonce, withHooks } from '../deliveries.js';

/**
 * VER-11: from 2026-08-20 the app hears every message of the channels it is a member of, and
 * `{mention: true}` restores the earlier rule; before, it hears only messages that mention it.
 */
export const ver11Membership: Check = {
  requirements: ['VER-11'],
  basis: 'stated',
  title:
    'Channel messages by membership from 2026-08-20, by mention before; {mention: true} restores mentions',
  exclusive: ['v1 chat.message'],
  quiet: 'together',
  async run(context) {
    const { version, profile } = context;
    const { channel, channelWithoutApp } = profile.fixtures.chats;
    const membership = version >= MEMBERSHIP_SINCE;
    const hooks = [
      { event: 'chat.message' },
      ...(membership ? [{ event: 'chat.message', filter: { mention: true } }] : []),
    ];
    return withHooks(context, hooks, async ([plain, mentionOnly]) => {
      const cases = [
        {
          name: 'an unmentioning message in a channel with the app',
          chatId: channel,
          mentionsApp: false,
          plain: membership,
          mentionOnly: false,
        },
        {
          name: 'a mentioning message in a channel without the app',
          chatId: channelWithoutApp,
          mentionsApp: true,
          plain: !membership,
          mentionOnly: true,
        },
        {
          name: 'a mentioning message in a channel with the app',
          chatId: channel,
          mentionsApp: true,
          plain: true,
          mentionOnly: true,
        },
      ].map((c) => ({ ...c, marker: nonce() }));
      for (const c of cases)
        await plain!.emit({
          data: { chatType: 'group', text: c.marker },
          context: { chatId: c.chatId, mentionsApp: c.mentionsApp },
        });
      // The last case is heard by every hook: once it arrived, and a little after, the others have
      // too.
      const last = cases.at(-1)!.marker;
      await Promise.all(
        [plain, mentionOnly]
          .filter((h) => h)
          .map((h) =>
            h!.arrived(1, 5000).then(() => h!.received.some((r) => r.body.includes(last))),
          ),
      );
      await sleep(300);
      for (const c of cases) {
        for (const [hook, wanted, label] of [
          [plain, c.plain, 'without a filter'],
          [mentionOnly, c.mentionOnly, 'with {mention: true}'],
        ] as const) {
          if (!hook) continue;
          const heard = hook.received.some((r) => r.body.includes(c.marker));
          if (heard !== wanted)
            context.report({
              message: `${c.name}, ${label}, was ${heard ? '' : 'not '}delivered at ${version}`,
              expected: wanted,
              actual: heard,
            });
        }
      }
    });
  },
};
