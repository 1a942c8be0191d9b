import { setTimeout as sleep } from 'node:timers/promises';
import { timeScales } from '../../time-scale.js';
import type { Check, Skip } from '../check.js';
import {
  type Emission,
  type SubscribedHook,
  jsonOf,
  nonce,
  tooLong,
  until,
  waitMs,
  withHooks,
} from '../deliveries.js';
import type { Received } from '../receiver.js';
import { SAMPLE_EVENTS, fixtureChat } from '../sample-events.js';
import { slowSendSkip } from '../slow-send.js';
import { watchLoopLag } from '../timing.js';

/** Each delivery of the two messages as `first: codes` or `second: codes`, in a stable order. */
function seenOf(received: Received[], one: string, two: string): string[] {
  return received
    .map((r) => jsonOf(r))
    .map((b) => {
      const name = b?.messageId === one ? 'first' : 'second';
      const codes = (b?.reactions ?? []).map((x: { code: string }) => x.code).join(' ');
      return `${name}: ${codes}`;
    })
    .sort();
}

/** What arrived of each message, in words. */
function describe(seen: string[]): string {
  return (['first', 'second'] as const)
    .map((name) => {
      const sets = seen
        .filter((s) => s.startsWith(`${name}:`))
        .map((s) => s.slice(name.length + 2));
      if (sets.length === 0) return `none for the ${name} message`;
      const shown = sets.map((codes) => `[${codes}]`).join(', ');
      return `${sets.length} for the ${name} message (${shown})`;
    })
    .join('; ');
}

/**
 * Emits each change in turn, timing each round trip, and how long the suite's own event loop
 * stalled meanwhile: which of the two made the sending slow, if it was.
 */
async function sendChanges(
  hook: SubscribedHook,
  changes: ReadonlyArray<readonly [message: string, codes: readonly string[]]>,
  emission: (message: string, codes: string[]) => Emission,
): Promise<{ sendsMs: number[]; stalledMs: number }> {
  const sendsMs: number[] = [];
  const lag = watchLoopLag();
  try {
    for (const [message, codes] of changes) {
      const sent = performance.now();
      await hook.emit(emission(message, [...codes]));
      sendsMs.push(performance.now() - sent);
    }
    return { sendsMs, stalledMs: lag.stop() };
  } finally {
    // Also when an emission throws: the probe's timer must not outlive the check.
    lag.stop();
  }
}

/**
 * DLV-11: reaction changes of one message are coalesced over about 10 s into one delivery of the
 * latest set. The reactions are in the profile's channel with the app ("a chat where the app
 * participates").
 */
export const dlv11ReactionDebounce: Check = {
  requirements: ['DLV-11'],
  basis: 'stated',
  title: 'Reaction changes of a message coalesce into one delivery of the full current set',
  shared: ['v0 chat:message:reaction'],
  quiet: 'together',
  async run(context) {
    const skip = tooLong(context, 20, 'debounce');
    if (skip) return skip;
    const channel = fixtureChat(context.profile, 'channel');
    if ('skip' in channel) return channel;
    const window = waitMs(context, 10, 'debounce');
    let unsure: Skip | undefined;
    const noHooks = await withHooks(
      context,
      [{ generation: 'v0', event: 'chat:message:reaction' }],
      async ([hook]) => {
        const [one, two] = [nonce(), nonce()];
        const started = performance.now();
        const { fixtures } = context.profile;
        const { sendsMs, stalledMs } = await sendChanges(
          hook!,
          [
            [one, [':thumbs_up:']],
            [one, [':thumbs_up:', ':heart:']],
            [two, [':heart:']],
            [one, [':heart:']],
          ],
          (message, codes) => SAMPLE_EVENTS.reaction(message, codes, channel.id, fixtures),
        );
        const sentMs = performance.now() - started;
        // Other checks' reactions reach the hook too: it reads those of its own two messages.
        const own = () => hook!.received.filter((r) => [one, two].includes(jsonOf(r)?.messageId));
        const patience = waitMs(context, 20, 'debounce') + 5000;
        await until(() => own().length >= 2, patience);
        await sleep(window + 200);
        const wanted = ['first: :heart:', 'second: :heart:'];
        const seen = seenOf(own(), one, two);
        if (seen.length === 0)
          return context.report({
            message: `no delivery of either message's reactions arrived within ${Math.round(patience + window + 200)} ms of four changes`,
            expected: wanted,
            actual: seen,
          });
        // Changes sent further apart than the window allows are not the implementation's to
        // coalesce: the suite was slow (a busy machine: it measures again), or the round trip to
        // the implementation was long against the scaled window (the network: a slower time
        // scale would do).
        if (JSON.stringify(seen) !== JSON.stringify(wanted) && sentMs > window / 2)
          return void (unsure = slowSendSkip({
            what: 'the four changes',
            sendsMs,
            stalledMs,
            windowMs: window,
            window: 'debounce window',
            clock: 'debounce',
            scales: timeScales(context.profile.timeScale),
            consequence: 'they need not coalesce',
          }));
        if (JSON.stringify(seen) !== JSON.stringify(wanted))
          context.report({
            message: `four changes of two messages did not arrive as one delivery per message with its latest set: ${describe(seen)}`,
            expected: wanted,
            actual: seen,
          });
        // About 10 s after the first change; only measured where the scaled window is long enough
        // to tell.
        const firstAt = own()[0]?.receivedAt;
        if (window >= 50 && firstAt !== undefined && firstAt - started < window / 2) {
          context.report({
            message: `the first delivery came ${Math.round(firstAt - started)} ms after the first change`,
            expected: `about ${Math.round(window)} ms`,
            actual: Math.round(firstAt - started),
          });
        }
      },
    );
    return noHooks ?? unsure;
  },
};
