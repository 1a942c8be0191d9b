import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { onTestFinished } from 'vitest';
import { OK, type deliveryApi, waitFor } from '../delivery-harness.ts';

const example = JSON.parse(
  readFileSync('schemas/webhooks/v0/chat.message.reaction.valid.example.json', 'utf8'),
).data;

/** Two reactions of the contract's example, `:thumbs_up:` and `:heart:`. */
export const [thumbs, heart] = example.reactions as [unknown, unknown];

export interface ReactionDebounce {
  /** The filter of each v0 `chat:message:reaction` receiver (`undefined`: none). */
  filters: readonly unknown[];
  /** The reactions of a message after each change, in the order they are triggered. */
  changes: ReadonlyArray<[messageId: string, reactions: unknown[]]>;
  /** How many deliveries to wait for, all receivers together. */
  deliveries: number;
  /** How long to wait on after them, so that one delivery too many would have arrived. */
  settleMs: number;
}

type DeliveryApi = ReturnType<typeof deliveryApi>;
type Receiver = Awaited<ReturnType<DeliveryApi['receiver']>>;

/** One v0 `chat:message:reaction` receiver per filter, each removed when the test ends. */
async function subscribe(api: DeliveryApi, filters: readonly unknown[]): Promise<Receiver[]> {
  const hooks: Receiver[] = [];
  for (const filter of filters) {
    const hook = await api.receiver('chat:message:reaction', () => OK, {
      generation: 'v0',
      filter,
    });
    onTestFinished(() => hook.close());
    hooks.push(hook);
  }
  return hooks;
}

/**
 * DLV-11, SUB-10: receivers subscribed for the test, then each change of reactions triggered as
 * the example payload with that message and those reactions. Resolves with the receivers, the
 * trigger's answers and when the first change was sent, once `deliveries` arrived (or the time
 * ran out: `arrived` says which) and `settleMs` passed; the receivers are removed when the test
 * ends. The server's 10-second debounce window must be scaled to fit 3 s.
 */
export async function reactionDebounce(
  api: DeliveryApi,
  { filters, changes, deliveries, settleMs }: ReactionDebounce,
) {
  const hooks = await subscribe(api, filters);
  const startedAt = performance.now();
  const answers = [];
  for (const [messageId, reactions] of changes) {
    const data = { ...example, messageId, reactions };
    answers.push(await api.trigger('chat:message:reaction', data, 'v0'));
  }
  const delivered = () => hooks.reduce((sum, hook) => sum + hook.requests.length, 0);
  const arrived = await waitFor(() => delivered() === deliveries, 3000);
  await new Promise((resolve) => setTimeout(resolve, settleMs));
  return { hooks, answers, startedAt, arrived };
}
