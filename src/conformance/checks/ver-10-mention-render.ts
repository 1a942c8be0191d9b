import { since } from '../../versions.js';
import { reportNoneArrived } from '../reach/attempts.js';
import type { Check } from '../run/check.js';
import { jsonOf, nonce, withHooks } from '../reach/deliveries.js';
import { type Mentions, SAMPLE_EVENTS, fixtureChat, mentionsOf } from '../reach/sample-events.js';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A `|label` suffix a mention may carry (VER-13 names it on write; a render may keep one). */
const LABEL = '(?:\\|[^>]*)?';
/** A Tagged UUID's letter before an id: the specification's old grammar shows `<@uuid>`, tagged or not. */
const TAG = '(?:[A-Z]-)?';

/**
 * The delivered text the version allows for the sample's mentions (the specification Versioning 8,
 * 2026-08-07): from 2026-08-07 groups as `<!subteam^uuid>` and broadcast as `<!channel>`; before,
 * `<@uuid>` (with or without a tag letter such as `G-`) and `<@all>`. Principals stay `<@uuid>`.
 */
function allowedText(marker: string, mentions: Mentions, version: string): RegExp {
  const current = since(version, 'mention-render');
  const principal = (id: string) => `<@${TAG}${escape(id)}${LABEL}>`;
  const group = (id: string) =>
    current ? `<!subteam\\^${escape(id)}${LABEL}>` : `<@${TAG}${escape(id)}${LABEL}>`;
  const broadcast = current ? `<!channel${LABEL}>` : `<@all${LABEL}>`;
  const pattern = [
    `${escape(marker)} ${principal(mentions.app)} `,
    mentions.group ? `${group(mentions.group)} and ` : '',
    `${broadcast} and ${principal(mentions.person)}`,
  ].join('');
  return new RegExp(`^${pattern}$`);
}

/** The text the grammar of `version` renders the sample in, to show what was expected. */
function shownText(marker: string, { app, group, person }: Mentions, version: string): string {
  const current = since(version, 'mention-render');
  const groupText = group ? `${current ? `<!subteam^${group}>` : `<@${group}>`} and ` : '';
  return `${marker} <@${app}> ${groupText}${current ? '<!channel>' : '<@all>'} and <@${person}>`;
}

/**
 * VER-10: delivered message text renders group and broadcast mentions in the version's grammar;
 * people stay `<@uuid>`. The message is written in the current grammar with the profile's own user
 * group and person (`fixtures.userGroup`, `fixtures.users.member`), in its channel with the app,
 * mentioning the app, so every version hears it (VER-11).
 */
export const ver10MentionRender: Check = {
  requirements: ['VER-10'],
  basis: 'stated',
  title: "Delivered message text uses the version's mention grammar",
  exclusive: ['v1 chat.message'],
  async run(context) {
    const { version, profile } = context;
    const channel = fixtureChat(profile, 'channel');
    if ('skip' in channel) return channel;
    const mentions = mentionsOf(profile.fixtures);
    if (!mentions.group)
      context.note(
        'the profile names no fixtures.userGroup: group mentions were not tested, only the broadcast and a person',
      );
    return withHooks(context, [{ event: 'chat.message' }], async ([hook]) => {
      const marker = nonce();
      const from = performance.now();
      await hook!.emit(SAMPLE_EVENTS.chatMessage(marker, channel.id, profile.fixtures));
      if (!(await hook!.arrived(1, 5000)))
        return reportNoneArrived(
          context,
          from,
          'no delivery arrived within 5 s of a message mentioning the app in its channel (fixtures.chats.channel)',
        );
      const body = jsonOf(hook!.received[0]!) ?? {};
      const text = (since(version, 'envelope') ? body.data : body)?.text;
      if (typeof text !== 'string' || !allowedText(marker, mentions, version).test(text))
        context.report({
          message: `the ${version} text does not render the mentions in the grammar of ${version}`,
          expected: shownText(marker, mentions, version),
          actual: text,
        });
    });
  },
};
