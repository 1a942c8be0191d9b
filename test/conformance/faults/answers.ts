import type { WrittenAnswer } from '../../support/answer-rewriter.ts';
import type { Exchange, FaultHooks } from '../fault-injection.ts';

/** The body a request was sent with, as a JSON object or a form, also where the front refused it. */
export function sentFields(exchange: Exchange): Record<string, unknown> {
  try {
    const value = JSON.parse(exchange.sent);
    if (value && typeof value === 'object') return value;
  } catch {
    // A form, not JSON.
  }
  return Object.fromEntries(new URLSearchParams(exchange.sent));
}

/** Rewrites the answers of one path that `change` picks (it returns the new answer). */
export const onPath = (
  path: string,
  change: (answer: WrittenAnswer, exchange: Exchange) => WrittenAnswer | undefined,
): FaultHooks => ({
  answer: (answer, exchange) =>
    exchange.path === path ? (change(answer, exchange) ?? answer) : answer,
});

export const isObject = (body: unknown): body is Record<string, unknown> =>
  typeof body === 'object' && body !== null;

/** The answer's body as an object (empty where it is none). */
export const bodyOf = (answer: WrittenAnswer): Record<string, any> =>
  isObject(answer.body) ? (answer.body as Record<string, any>) : {};

/** A post's 400 that `picks` chooses answered as taken: 200 with the chat and a timestamp. */
export const postTaken = (picks: (sent: Record<string, any>) => boolean): FaultHooks =>
  onPath('/v1/chat.postEphemeral', (a, e) => {
    const sent = sentFields(e) as Record<string, any>;
    if (a.status !== 400 || !picks(sent)) return undefined;
    const taken = { ok: true, chatId: sent.chatId, timestamp: Date.now() * 1000 };
    return { ...a, status: 200, body: taken };
  });
