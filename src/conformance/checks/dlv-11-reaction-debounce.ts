import { setTimeout as sleep } from 'node:timers/promises';
import { timeScales } from '../../time-scale.js';
import type { Check, Skip } from '../run/check.js';
import type { CheckContext } from '../run/context.js';
import {
  type Emission,
  type SubscribedHook,
  jsonOf,
  nonce,
  tooLong,
  waitMs,
  withHooks,
} from '../reach/deliveries.js';
import { until } from '../timing/until.js';
import { SAMPLE_EVENTS, fixtureChat } from '../reach/sample-events.js';
import { slowSendSkip } from '../timing/slow-send.js';
import { handshakeCause } from '../reach/attempts.js';
import { watchLoopLag } from '../timing/timing.js';

/** The two messages of a trial, by the name findings give them. */
type MessageName = 'first' | 'second';

/** One reaction change the suite sent, and when: the implementation took it in between. */
export interface SentChange {
  message: MessageName;
  /** The message's whole reaction set after the change. */
  codes: readonly string[];
  /** `performance.now()` before the request to the trigger, and once its answer had come. */
  sentAt: number;
  answeredAt: number;
}

/** One delivery of a trial's message, as the receiver saw it. */
export interface Arrival {
  message: MessageName;
  codes: readonly string[];
  /** `performance.now()` when the receiver had it: never before the implementation sent it. */
  receivedAt: number;
}

/** What a trial's deliveries show of the debounce. */
export interface DebounceVerdict {
  /** Departures the timing cannot explain, whatever the load was: each fails the check. */
  findings: Array<{ message: string; expected: unknown; actual: unknown }>;
  /**
   * Whether every delivery carried its message's latest set: the changes were coalesced. Without
   * findings and coalesced, the check passes; without either, the changes were sent too far apart
   * to tell a split window from no debounce, and the trial is measured again.
   */
  coalesced: boolean;
}

/** A reaction set in words, its codes in a fixed order: a set's order is not the payload's to keep. */
const setOf = (codes: readonly string[]) => `[${[...codes].sort().join(' ')}]`;

/**
 * DLV-11 judged on what arrived, each rule holding however long the sending took, since every
 * time in it is a bound the suite's stalls can only widen: a change reached the implementation
 * between its request and its answer, and a delivery left it before the receiver had it. "About
 * 10 s" is read as no less than half the window (`least`); a message's debounce opens no sooner
 * than its first change was sent (its id is fresh).
 * - A delivery carries a set its message had after one of its changes (the full set, DLV-11).
 * - Every message gets its latest set (the patience has run out when it has not).
 * - No delivery comes sooner than `least` after its message's first change was sent: the window
 *   had not closed. Measured where the window is 50 ms or more, where timers tell it apart.
 * - A set delivered while a later change of its message had surely reached the implementation
 *   within `least` of the first one (its answer came by then) was not coalesced with it.
 */
export function judgeDebounce(
  changes: readonly SentChange[],
  arrivals: readonly Arrival[],
  windowMs: number,
): DebounceVerdict {
  const least = windowMs / 2;
  const findings: DebounceVerdict['findings'] = [];
  let coalesced = true;
  for (const name of ['first', 'second'] as const) {
    const sent = changes.filter((c) => c.message === name);
    const got = arrivals.filter((a) => a.message === name);
    if (sent.length === 0) continue;
    const sets = sent.map((c) => setOf(c.codes));
    const latest = sets.at(-1)!;
    if (got.length === 0) {
      findings.push({
        message: `no delivery of the ${name} message's reactions arrived`,
        expected: latest,
        actual: [],
      });
      continue;
    }
    const start = sent[0]!.sentAt;
    const seen = got.map((a) => setOf(a.codes));
    const unknown = seen.filter((s) => !sets.includes(s));
    if (unknown.length)
      findings.push({
        message: `a delivery of the ${name} message carried ${unknown.join(', ')}, not a set the message had after one of its changes`,
        expected: sets,
        actual: seen,
      });
    if (!seen.includes(latest))
      findings.push({
        message: `the ${name} message's latest set ${latest} was never delivered`,
        expected: latest,
        actual: seen,
      });
    const soonest = Math.min(...got.map((a) => a.receivedAt)) - start;
    if (windowMs >= 50 && soonest < least)
      findings.push({
        message: `a delivery of the ${name} message came ${Math.round(soonest)} ms after its first change was sent, before its debounce window could have closed`,
        expected: `about ${Math.round(windowMs)} ms, at least ${Math.round(least)} ms`,
        actual: Math.round(soonest),
      });
    for (const set of new Set(seen)) {
      if (set === latest) continue;
      coalesced = false;
      const at = sets.lastIndexOf(set);
      const next = at < 0 ? undefined : sent[at + 1];
      if (!next) continue;
      const within = next.answeredAt - start;
      if (within <= least)
        findings.push({
          message: `the ${name} message's set ${set} was delivered on its own, though its next change ${setOf(next.codes)} had reached the implementation within ${Math.round(within)} ms of the message's first change, under half the ${Math.round(windowMs)} ms debounce window`,
          expected: `one delivery of ${latest}`,
          actual: seen,
        });
    }
  }
  return { findings, coalesced };
}

/** What arrived of each message, in words. */
function describe(arrivals: readonly Arrival[]): string {
  return (['first', 'second'] as const)
    .map((name) => {
      const sets = arrivals.filter((a) => a.message === name).map((a) => setOf(a.codes));
      if (sets.length === 0) return `none for the ${name} message`;
      return `${sets.length} for the ${name} message (${sets.join(', ')})`;
    })
    .join('; ');
}

/** The four changes of a trial: three of the first message, one of the second between. */
const CHANGES: ReadonlyArray<readonly [MessageName, readonly string[]]> = [
  ['first', [':thumbs_up:']],
  ['first', [':thumbs_up:', ':heart:']],
  ['second', [':heart:']],
  ['first', [':heart:']],
];

/** A message's set after its last change of a trial. */
const latest = (name: MessageName) => setOf(CHANGES.filter(([m]) => m === name).at(-1)![1]);

/** How many trials one run of the check makes at most while its own process stalls the sending. */
const TRIALS = 3;

/**
 * One trial: two fresh messages, their changes sent in turn (each timed, and how long the suite's
 * own event loop stalled meanwhile), then their deliveries awaited: until each message's latest
 * set came (or the patience ran out), and a window more for any that follow it.
 */
async function trial(
  context: CheckContext,
  hook: SubscribedHook,
  emission: (message: string, codes: string[]) => Emission,
  windowMs: number,
) {
  const ids = { first: nonce(), second: nonce() };
  const changes: SentChange[] = [];
  const lag = watchLoopLag();
  let stalledMs: number;
  try {
    for (const [message, codes] of CHANGES) {
      const sentAt = performance.now();
      await hook.emit(emission(ids[message], [...codes]));
      changes.push({ message, codes, sentAt, answeredAt: performance.now() });
    }
  } finally {
    // Also when an emission throws: the probe's timer must not outlive the check.
    stalledMs = lag.stop();
  }
  // Other checks' reactions reach the hook too: it reads those of its own two messages.
  const arrivals = (): Arrival[] =>
    hook.received.flatMap((r) => {
      const body = jsonOf(r);
      const message = (['first', 'second'] as const).find((name) => body?.messageId === ids[name]);
      if (!message) return [];
      const codes = (body?.reactions ?? []).map((x: { code: string }) => x.code);
      return [{ message, codes, receivedAt: r.receivedAt }];
    });
  const patienceMs = waitMs(context, 20, 'debounce') + 5000;
  await until(
    () =>
      (['first', 'second'] as const).every((name) =>
        arrivals().some((a) => a.message === name && setOf(a.codes) === latest(name)),
      ),
    patienceMs,
  );
  await sleep(windowMs + 200);
  return { changes, arrivals: arrivals(), stalledMs, patienceMs };
}

/**
 * DLV-11: reaction changes of one message are coalesced over about 10 s into one delivery of the
 * latest set. The reactions are in the profile's channel with the app ("a chat where the app
 * participates"). Judged by `judgeDebounce`; a trial whose changes went out too far apart to tell
 * a split window from none is made again while the suite's own stalls explain it (a busy machine),
 * and is not testable when they do not (the network, or the implementation's trigger). The event
 * is held exclusive: every hook of it hears every change, so one run per version side by side would
 * multiply each other's deliveries, which stall the suite's own process while it times its sends
 * (with an implementation that delivers each change at once, four changes in six runs are 144
 * deliveries).
 */
export const dlv11ReactionDebounce: Check = {
  requirements: ['DLV-11'],
  basis: 'stated',
  title: 'Reaction changes of a message coalesce into one delivery of the full current set',
  exclusive: ['v0 chat:message:reaction'],
  quiet: 'together',
  async run(context) {
    const skip = tooLong(context, 20, 'debounce');
    if (skip) return skip;
    const channel = fixtureChat(context.profile, 'channel');
    if ('skip' in channel) return channel;
    const windowMs = waitMs(context, 10, 'debounce');
    const { fixtures } = context.profile;
    const emission = (message: string, codes: string[]) =>
      SAMPLE_EVENTS.reaction(message, codes, channel.id, fixtures);
    let unsure: Skip | undefined;
    const noHooks = await withHooks(
      context,
      [{ generation: 'v0', event: 'chat:message:reaction' }],
      async ([hook]) => {
        for (let made = 1; ; made += 1) {
          const from = performance.now();
          const { changes, arrivals, stalledMs, patienceMs } = await trial(
            context,
            hook!,
            emission,
            windowMs,
          );
          unsure = undefined;
          const failed = (await context.receiver()).handshakesFailedSince(from);
          if (arrivals.length === 0)
            return context.report({
              message: `no delivery of either message's reactions arrived within ${Math.round(patienceMs + windowMs + 200)} ms of four changes${handshakeCause(failed)}`,
              expected: (['first', 'second'] as const).map((name) => `${name}: ${latest(name)}`),
              actual: [],
            });
          const { findings, coalesced } = judgeDebounce(changes, arrivals, windowMs);
          for (const finding of findings) context.report(finding);
          if (findings.length || coalesced) return;
          // Changes sent further apart than the window allows are not the implementation's to
          // coalesce: the suite was slow (a busy machine: it measures again), or the round trip to
          // the implementation was long against the scaled window (the network: a slower time
          // scale would do).
          unsure = slowSendSkip({
            what: 'the four changes',
            sendsMs: changes.map((c) => c.answeredAt - c.sentAt),
            stalledMs,
            windowMs,
            window: 'debounce window',
            clock: 'debounce',
            scales: timeScales(context.profile.timeScale),
            consequence: `they need not coalesce (${describe(arrivals)})`,
            // A trial waits for the window to close, then as long again for any late delivery.
            serviceMs: 20_000,
          });
          if (!unsure.rerun || made === TRIALS) return;
        }
      },
    );
    return noHooks ?? unsure;
  },
};
