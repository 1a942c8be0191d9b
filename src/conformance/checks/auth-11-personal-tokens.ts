import type { Check } from '../run/check.js';
import { V0_ACCESS_REFUSALS } from './sub-06-v0-organization-only.js';
import type { CheckContext } from '../run/context.js';
import {
  CHAT_SCOPES,
  OWNER_CHATS,
  describePost,
  noPost,
  ownerPost,
  postCall,
} from '../run/needs.js';
import { type Case, tableCheck } from '../run/table-check.js';

/**
 * AUTH-11: personal tokens are the personal model. They post as their owner, who must be a member
 * of the chat (postEphemeral), so the chat is one the profile declares the owner (`user`) and the
 * recipient members of, the app preferably not; they may not send `sender` (400
 * `access_mode_not_supported`); and v0 subscribe, organization only, refuses them with one of its
 * refusals (400 or 401: which one is not said).
 */
export const auth11PersonalTokens: Check = tableCheck({
  requirements: ['AUTH-11'],
  basis: 'stated',
  title:
    'Personal tokens post as their owner, without sender, and not on organization-only endpoints',
  cases: (context) => {
    const { profile } = context;
    const personal = profile.credentials.find(
      (c) => c.access === 'personal' && !c.revoked && CHAT_SCOPES.some((s) => c.scopes.includes(s)),
    );
    if (!personal)
      return {
        skip: 'not_testable',
        reason: 'the profile has no personal token with chat:write or chat:send_message',
      };
    const { token } = personal;
    const v0: Case = {
      name: 'v0 subscribe with a personal token, organization only',
      call: {
        path: '/v0/webhook.subscribe',
        method: 'POST',
        token,
        json: { event: 'lobby:booked', url: 'https://conformance.example.com/personal' },
      },
      expect: { status: V0_ACCESS_REFUSALS },
      undo: (answer) => removeV0(context, answer.body?.id),
    };
    return [...ownerPosts(context, token, personal.user), v0];
  },
});

/** The posts as the owner, where the profile says who the owner is and where they are a member. */
function ownerPosts(
  { profile, version, note }: CheckContext,
  token: string,
  owner?: string,
): Case[] {
  if (!owner) {
    note('the personal token names no user (credentials[].user): its posts went untested');
    return [];
  }
  const to = ownerPost(profile, owner);
  if (!to) {
    note(
      `the posts went untested: ${noPost(OWNER_CHATS, "the token's user and a person as members")}`,
    );
    return [];
  }
  const where = describePost(profile, to);
  const post = (extra: Record<string, unknown>) => postCall(token, version, to, 'personal', extra);
  return [
    { name: `a post as the owner to ${where}`, call: post({}), expect: { status: 200 } },
    {
      name: `a post with sender to ${where}`,
      call: post({ sender: { id: 'helper' } }),
      expect: { status: 400, error: 'access_mode_not_supported' },
    },
  ];
}

/** Removes what a wrongly accepted v0 subscribe made, with a credential that may (SUB-05). */
function removeV0({ profile }: CheckContext, id: unknown) {
  const writer = profile.credentials.find(
    (c) => !c.revoked && c.access === 'organization' && c.scopes.includes('webhook:write'),
  )?.token;
  if (typeof id !== 'string' || !writer) return undefined;
  return {
    path: '/v0/webhook.unsubscribe',
    method: 'POST' as const,
    token: writer,
    form: { id },
  };
}
