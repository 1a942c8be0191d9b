import type { FaultHooks } from './fault-injection.ts';

type Change<T, C> = ((value: T, context: C) => T) | undefined;

/** `first`, then `second`, on the same value; either may be missing. */
function chain<T, C = undefined>(first: Change<T, C>, second: Change<T, C>): Change<T, C> {
  if (!first) return second;
  if (!second) return first;
  return (value, context) => second(first(value, context), context);
}

/**
 * Several sets of hooks as one, each decorating what the ones before it made: their changes to
 * credentials, requests, answers and attempts in turn, their policies merged, their audiences
 * asked in turn. Variations are composed this way to show that together they still pass.
 */
export function composeHooks(all: readonly FaultHooks[]): FaultHooks {
  return all.reduce<FaultHooks>(
    (composed, hooks) => ({
      credential: chain(composed.credential, hooks.credential) as FaultHooks['credential'],
      request: chain(composed.request, hooks.request) as FaultHooks['request'],
      answer: chain(composed.answer, hooks.answer),
      attempt: chain(composed.attempt, hooks.attempt) as FaultHooks['attempt'],
      hears:
        composed.hears && hooks.hears
          ? (heard, event, version, filter) =>
              hooks.hears!(composed.hears!(heard, event, version, filter), event, version, filter)
          : (composed.hears ?? hooks.hears),
      policy: { ...composed.policy, ...hooks.policy },
      recordFailures: composed.recordFailures ?? hooks.recordFailures,
      recordSuccesses: composed.recordSuccesses ?? hooks.recordSuccesses,
    }),
    {},
  );
}
