import type { Check } from '../run/check.js';
import type { CheckContext } from '../run/context.js';
import { expectAnswer } from '../run/expect-answer.js';
import {
  CHAT_SCOPES,
  OPEN_CHATS,
  type Post,
  describePost,
  needCredential,
  noPost,
  openPost,
} from '../run/needs.js';
import { lifecycleOf } from '../profile/profile-facts.js';
import { loadVersionRegistry } from '../../versions.js';

/** A group id for mentions where the profile names no user group (VER-10's `fixtures.userGroup`). */
const ANY_GROUP = 'f1d2c3b4-a5e6-4f70-8a91-b2c3d4e5f607';

/**
 * VER-13: "Writes of mentions are unversioned": each text with mentions in either grammar, with
 * `|label` suffixes and `<@all>`, gets the same answer at every version (stated). That the answer
 * is a success rests on a reading (`VER-13.ephemeral-mentions`): the sentence names chat post and
 * update, and postEphemeral, the one write the contract shows, says mention markup is "not
 * supported", read as not rendered rather than refused.
 */
export const ver13MentionWrites: Check = {
  requirements: ['VER-13'],
  basis: 'stated',
  title: 'Both mention grammars are accepted on write, the same at every version',
  async run(context) {
    const need = needCredential(context, {
      operation: 'v1 post /chat.postEphemeral',
      pin: context.version,
      oneOf: CHAT_SCOPES,
    });
    if ('skip' in need) return need;
    const { profile, version } = context;
    const open = openPost(profile);
    if (!open)
      return {
        skip: 'not_testable',
        reason: noPost(OPEN_CHATS, 'the app and a person as members'),
      };
    const other = otherVersion(context);
    if (!other) context.note('no other supported version to compare the answers with');
    for (const text of texts(context)) {
      const name = `text "${text}" to ${describePost(profile, open)}`;
      const here = await post(context, need.token, open, text);
      expectAnswer(context, `${name} at ${version}`, here, {
        status: 200,
        reading: 'VER-13.ephemeral-mentions',
      });
      if (!other) continue;
      const there = await post(context, need.token, open, text, other);
      if (there.status !== here.status)
        context.report({
          message: `${name}: writes of mentions are unversioned, but ${version} answered ${here.status} and ${other} ${there.status}`,
          expected: { [version]: there.status },
          actual: { [version]: here.status },
          answer: here,
        });
    }
  },
};

function texts({ profile }: CheckContext): string[] {
  const { userGroup = ANY_GROUP, users } = profile.fixtures;
  return [
    `hi <@G-${userGroup}> and <@all>`,
    `hi <!subteam^${userGroup}> and <!channel>`,
    `hi <@${users.otherMember}|Grace> and <@all|everyone>`,
  ];
}

/** The version answers are compared with: the latest, or the baseline at the latest; not a sunset one. */
function otherVersion({ profile, version }: CheckContext): string | undefined {
  const { latest, baseline } = loadVersionRegistry();
  const other = version === latest ? baseline : latest;
  return lifecycleOf(profile, other) === 'sunset' ? undefined : other;
}

function post(context: CheckContext, token: string, to: Post, text: string, version?: string) {
  return context.call({
    path: '/v1/chat.postEphemeral',
    method: 'POST',
    token,
    version,
    json: { chatId: to.chatId, userId: to.userId, text },
  });
}
