import type { Check } from '../run/check.js';
import type { Expected } from '../run/expect-answer.js';
import { CHAT_SCOPES, OPEN_CHATS, describePost, noPost, openPost } from '../run/needs.js';
import { type Case, tableCheck } from '../run/table-check.js';
import { gateVersion, since } from '../../versions.js';

/** The legacy avatar paths, service-hosted at every version (Sender: `imageUrl`). */
const LEGACY_PATHS = ['/photos/people/ada.png', '/card-images/ada.png'];

/**
 * VER-12: from 2026-08-25 an avatar must be service-hosted, "other hosts give 400" (no code is
 * given: `invalid_parameter` is EPH-02's, for a URL that is not absolute HTTP(S)); before, any
 * absolute HTTP(S) URL is taken. A legacy `/photos/people/` or `/card-images/` URL is hosted, but
 * on which host is not said: the profile's `avatarHosts` where declared, else the API host, a
 * reading (`VER-12.legacy-avatar-host`).
 */
export const ver12AvatarGate: Check = tableCheck({
  requirements: ['VER-12'],
  basis: 'stated',
  title: `sender.imageUrl must be service-hosted from ${gateVersion('avatar-gate')}, and only from then`,
  need: ({ version }) => ({
    operation: 'v1 post /chat.postEphemeral',
    pin: version,
    oneOf: CHAT_SCOPES,
  }),
  cases: ({ profile, version }, token) => {
    const open = openPost(profile);
    if (!open)
      return {
        skip: 'not_testable',
        reason: noPost(OPEN_CHATS, 'the app and a person as members'),
      };
    // VER-12: the registry's `avatar-gate`, the first version that takes only hosted avatars.
    const gated = since(version, 'avatar-gate');
    const where = `to ${describePost(profile, open)}`;
    const post = (imageUrl: string) => ({
      path: '/v1/chat.postEphemeral',
      method: 'POST' as const,
      token,
      json: {
        chatId: open.chatId,
        userId: open.userId,
        text: 'avatar check',
        sender: { id: 'helper', imageUrl },
      },
    });
    const declared = profile.avatarHosts?.[0];
    const host = declared ?? new URL(profile.baseUrl).origin;
    // Before the gate any absolute URL is taken, whatever its host: only the gate needs the reading.
    const legacy: Expected =
      gated && declared === undefined
        ? { status: 200, reading: 'VER-12.legacy-avatar-host' }
        : { status: 200 };
    return [
      {
        name: `an avatar on another host at ${version} ${where}`,
        call: post('https://images.example.com/a.png'),
        expect: gated ? { status: 400 } : { status: 200 },
      },
      ...LEGACY_PATHS.map((path): Case => ({
        name: `a legacy ${path.split('/').slice(0, -1).join('/')}/ avatar on ${host} at ${version} ${where}`,
        call: post(new URL(path, host).href),
        expect: legacy,
      })),
    ];
  },
});
