import { setTimeout as sleep } from 'node:timers/promises';
import type { CheckContext } from '../run/context.js';
import { type SubscribedHook, carries, nonce } from './deliveries.js';
import { until } from '../timing/until.js';

/**
 * What a filtered hook got of `sent`, each `[what, emit]` emitting one event carrying the marker it
 * is given: the last the one the filter takes, the others ones it refuses. Once the taken one
 * arrived (within `patienceMs`), the refused ones, emitted first, had the same chance to arrive,
 * and none may have.
 */
export async function judgeFilter(
  context: CheckContext,
  hook: SubscribedHook,
  name: string,
  sent: ReadonlyArray<[what: string, emit: (marker: string) => Promise<void>]>,
  patienceMs = 5000,
): Promise<void> {
  const markers = sent.map(() => nonce());
  for (const [i, [, emit]] of sent.entries()) await emit(markers[i]!);
  const arrived = (marker: string) => hook.received.some((r) => carries(r, marker));
  const taken = markers.at(-1)!;
  await until(() => arrived(taken), patienceMs);
  // The refused ones were emitted first: a little longer gives any that were sent the same chance.
  await sleep(200);
  if (!arrived(taken))
    context.report({
      message: `${name}: ${sent.at(-1)![0]} was not delivered within ${Math.round(patienceMs)} ms`,
    });
  const wrong = sent.slice(0, -1).filter((_, i) => arrived(markers[i]!));
  if (wrong.length)
    context.report({
      message: `${name}: delivered ${wrong.map(([what]) => what).join(' and ')}, which the filter refuses`,
      expected: 'not delivered',
      actual: wrong.map(([what]) => what),
    });
}
