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

/** An entry of a v1 list answer, as faults change it. */
export type ListEntry = Record<string, unknown> & { id?: unknown; url?: unknown };

/** An answer hook that changes the entries of every v1 list answered. */
export const listed =
  (change: (entries: ListEntry[]) => ListEntry[]): NonNullable<FaultHooks['answer']> =>
  (a, e) => {
    const entries = (a.body as { webhooks?: ListEntry[] } | undefined)?.webhooks;
    if (e.path !== '/v1/webhook.list' || !Array.isArray(entries)) return a;
    return { ...a, body: { ...(a.body as object), webhooks: change(entries) } };
  };

/** Attempts the sender would fail at once for a status in `[low, high)`, retried as a 5xx is. */
export const retriedAsServerErrors = (low: number, high: number): FaultHooks => ({
  outcome: (o) =>
    o.kind === 'rejected' && o.status >= low && o.status < high
      ? { kind: 'retryable', reason: 'http_5xx', status: o.status }
      : o,
});
