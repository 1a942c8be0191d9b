import type { Check } from '../check.js';
import { tableCheck } from '../table-check.js';

/** VER-12: the first version that takes only service-hosted avatars. */
const HOSTED_AVATARS_SINCE = '2026-08-25';

/**
 * VER-12: from 2026-08-25 an avatar must be service-hosted (400 otherwise); before, any absolute
 * HTTP(S) URL.
 */
export const ver12AvatarGate: Check = tableCheck({
  requirements: ['VER-12'],
  basis: 'stated',
  title: 'sender.imageUrl must be service-hosted from 2026-08-25, and only from then',
  need: ({ version }) => ({
    operation: 'v1 post /chat.postEphemeral',
    pin: version,
    scopes: ['chat:write'],
  }),
  cases: ({ profile, version }, token) => {
    const { chats, users } = profile.fixtures;
    const post = (imageUrl: string) => ({
      path: '/v1/chat.postEphemeral',
      method: 'POST' as const,
      token,
      json: {
        chatId: chats.channel,
        userId: users.member,
        text: 'avatar check',
        sender: { id: 'helper', imageUrl },
      },
    });
    const gated = version >= HOSTED_AVATARS_SINCE;
    const origin = new URL(profile.baseUrl).origin;
    return [
      {
        name: `an avatar on another host at ${version}`,
        call: post('https://images.example.com/a.png'),
        expect: gated ? { status: 400, error: 'invalid_parameter' } : { status: 200 },
      },
      {
        name: `a legacy /photos/people/ avatar at ${version}`,
        call: post(`${origin}/photos/people/ada.png`),
        expect: { status: 200 },
      },
    ];
  },
});
