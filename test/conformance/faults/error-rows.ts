import { CHATS } from '../../../src/reference/chats.ts';
import type { WrittenAnswer } from '../../support/answer-rewriter.ts';
import type { Fault } from '../fault-catalogue.ts';
import type { FaultHooks } from '../fault-injection.ts';

const POST = '/v1/chat.postEphemeral';

/** A post's refusal with `error` answered as if posted: 200 with the chat and a timestamp. */
const postedDespite = (error: string, chatId?: string): FaultHooks => ({
  answer: (a: WrittenAnswer, e) => {
    const sent = (e.request?.body ?? {}) as Record<string, unknown>;
    const refused = (a.body as { error?: unknown } | undefined)?.error === error;
    if (e.path !== POST || !refused || (chatId && sent.chatId !== chatId)) return a;
    return {
      ...a,
      status: 200,
      body: { ok: true, chatId: sent.chatId, timestamp: Date.now() * 1000 },
    };
  },
});

/**
 * EPH-04: one fault per row of the ephemeral error table that no other fault breaks, each taking
 * the post its row refuses (the chat told by its id where two rows share a code).
 */
export const ERROR_ROW_FAULTS: Fault[] = [
  {
    id: 'posted-to-a-dm-without-the-app',
    requirement: 'EPH-04',
    hooks: () => postedDespite('not_in_chat', CHATS.dmWithoutApp.id),
  },
  {
    id: 'posted-to-a-channel-without-the-app',
    requirement: 'EPH-04',
    hooks: () => {
      const chatId = CHATS.channelWithoutApp.id;
      const [group, chat] = [
        postedDespite('not_in_group', chatId),
        postedDespite('not_in_chat', chatId),
      ];
      return { answer: (a, e) => chat.answer!(group.answer!(a, e), e) };
    },
  },
  {
    id: 'posted-to-another-workspace',
    requirement: 'EPH-04',
    hooks: () => postedDespite('group_not_found'),
  },
  {
    id: 'posted-to-an-unknown-chat',
    requirement: 'EPH-04',
    hooks: () => postedDespite('chat_not_found'),
  },
  {
    id: 'posted-to-an-unknown-user',
    requirement: 'EPH-04',
    hooks: () => postedDespite('user_not_found'),
  },
  {
    // EPH-04: "unsupported method": a GET is answered as a POST's bad request.
    id: 'get-on-post-ephemeral-not-405',
    requirement: 'EPH-04',
    hooks: () => ({
      answer: (a, e) =>
        e.path === POST && a.status === 405
          ? { ...a, status: 400, body: { ok: false, error: 'invalid_parameter' } }
          : a,
    }),
  },
  {
    id: 'posted-without-a-chat-scope',
    requirement: 'EPH-04',
    hooks: () => postedDespite('missing_scope'),
  },
  {
    id: 'posted-with-sender-by-a-personal-token',
    requirement: 'EPH-04',
    hooks: () => postedDespite('access_mode_not_supported'),
  },
];
