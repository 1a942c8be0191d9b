import type { CheckContext } from '../run/context.js';
import { reportNoneArrived } from './attempts.js';
import { type HookOptions, tooLong, waitMs, withHooks } from './deliveries.js';
import { DEBOUNCED, emissionOf } from './event-emission.js';

/** How long a delivery may take to arrive once the trigger accepted its event. */
const ARRIVAL_MS = 5000;

/**
 * Each of `events` made to happen once, through the trigger, each to a hook of its own, and each
 * that does not arrive reported; closing the hooks holds every delivery to its payload contract
 * (deliveries.ts). Reactions wait out a debounce: where the profile's time scale leaves it too
 * long, they are not sent, and a note says so.
 */
export async function deliverEach(
  context: CheckContext,
  events: ReadonlyArray<readonly ['v0' | 'v1', string]>,
) {
  const tooSlow = tooLong(context, 20, 'debounce');
  if (tooSlow && events.some(([, event]) => DEBOUNCED.has(event)))
    context.note(`reactions were not sent: ${tooSlow.reason}`);
  const emissions = events.flatMap(([generation, event]) => {
    if (tooSlow && DEBOUNCED.has(event)) return [];
    const emission = emissionOf(context, generation, event);
    return emission ? [[{ generation, event }, emission] as const] : [];
  });
  const patienceOf = (event: string) =>
    ARRIVAL_MS + (DEBOUNCED.has(event) ? waitMs(context, 20, 'debounce') : 0);
  return withHooks(
    context,
    emissions.map(([options]): HookOptions => options),
    async (hooks) => {
      const from = performance.now();
      await Promise.all(hooks.map((hook, i) => hook.emit(emissions[i]![1])));
      const arrived = await Promise.all(
        hooks.map((hook, i) => hook.arrived(1, patienceOf(emissions[i]![0].event))),
      );
      for (const [i, [{ generation, event }]] of emissions.entries())
        if (!arrived[i])
          await reportNoneArrived(
            context,
            from,
            `no ${generation} ${event} delivery arrived within ${Math.round(patienceOf(event) / 1000)} s of the trigger accepting it`,
          );
    },
  );
}
