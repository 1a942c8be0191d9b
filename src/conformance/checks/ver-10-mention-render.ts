import { ENVELOPE_SINCE, SUBTEAM_GRAMMAR_SINCE } from '../../webhooks/versions.js';
import type { Check } from '../check.js';
import { jsonOf, nonce, withHooks } from '../deliveries.js';
import { SAMPLE_EVENTS } from '../sample-events.js';

const GROUP = '5b0e6a52-0c43-4f7e-9a57-1d9f3c2b7e11';
const PERSON = '0b6c3c7e-1d0a-4d4e-9c11-0f0e1a2b3c4d';

/**
 * VER-10: message text renders group and broadcast mentions in the version's grammar; people stay
 * `<@uuid>`.
 */
export const ver10MentionRender: Check = {
  requirements: ['VER-10'],
  basis: 'stated',
  title: "Delivered message text uses the version's mention grammar",
  exclusive: ['v1 chat.message'],
  async run(context) {
    const { version } = context;
    return withHooks(context, [{ event: 'chat.message' }], async ([hook]) => {
      const marker = nonce();
      await hook!.emit({ data: SAMPLE_EVENTS.chatMessage(marker, GROUP, PERSON) });
      if (!(await hook!.arrived(1, 5000)))
        return context.report({ message: 'no delivery arrived within 5 s' });
      const body = jsonOf(hook!.received[0]!) ?? {};
      const text = (version >= ENVELOPE_SINCE ? body.data : body)?.text;
      const wanted =
        version >= SUBTEAM_GRAMMAR_SINCE
          ? `${marker} <!subteam^${GROUP}> and <!channel> and <@${PERSON}>`
          : `${marker} <@G-${GROUP}> and <@all> and <@${PERSON}>`;
      if (text !== wanted)
        context.report({
          message: `the ${version} text renders mentions in another grammar`,
          expected: wanted,
          actual: text,
        });
    });
  },
};
