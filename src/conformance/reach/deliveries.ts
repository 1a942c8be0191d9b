import { randomUUID } from 'node:crypto';
import { type Clock, scaledMs, timeScales } from '../../time-scale.js';
import type { Skip } from '../run/check.js';
import type { CheckContext } from '../run/context.js';
import { deliveryFindings } from './delivery-findings.js';
import { recordDeliveries } from '../run/exercised-log.js';
import { findSubscription, listReader } from './find-subscription.js';
import { needCredential } from '../run/needs.js';
import type { Hook, Received, Responder } from '../callback/receiver.js';
import { receiverUnreachable } from '../callback/receiver-reach.js';
import { send } from '../transport/send.js';
import { until } from '../timing/until.js';
import { readPayload } from '../../version-changes/read-payload.js';

export interface HookOptions {
  generation?: 'v0' | 'v1';
  event: string;
  /** v1 only: the subscription's own version; without it the credential's pin applies (VER-14). */
  apiVersion?: string;
  filter?: Record<string, unknown>;
  /** The pin of the credential that subscribes; the version under test by default. */
  pin?: string;
  /** How the receiver answers; 204 to everything by default. */
  respond?: Responder;
  /**
   * Who subscribes, where not an organization credential of the profile: an OAuth grant's access
   * token, a personal access token (AUTH-12: its app's subscription). A refused subscribe is then
   * a skip, not a finding: the grant's scopes and the personal-access allowlist are not shown.
   */
  as?: Subscriber;
}

/** A credential a check subscribes with, and what it knows of it. */
export interface Subscriber {
  token: string;
  scopes: readonly string[];
  /** The app it belongs to, as the profile names it: its credentials may read its v1 list. */
  app?: string;
  /** Who it is, in words, for skips and findings. */
  name: string;
}

/**
 * What the implementation emits an event from: its payload fields and the facts it does not show.
 * The suite POSTs it to the profile's `eventTrigger` as JSON `{generation, event, data, context?}`
 * (docs/conformance-profile.md):
 * - `generation`: `v0` or `v1`; `event`: the event name in that generation's vocabulary
 *   (`chat:message:dm`, `chat.message`).
 * - `data`: the v0 payload, or what the v1 envelope's `data` holds (the implementation envelopes it
 *   from 2026-07-07, VER-08). Every id in it is the profile's own (`fixtures.users`,
 *   `fixtures.chats`, `fixtures.userGroup`), never one of the reference server's seed; a field that
 *   is a Tagged UUID carries the id behind a letter of the suite's choosing (sample-events.ts). v1
 *   message text is written in the current mention grammar (`<!subteam^group>`, `<!channel>`,
 *   `<@user>`): every version accepts it on write (VER-13), and the implementation renders it in
 *   each subscription's version (VER-10).
 * - `context`: the facts the payload does not show. `chatId`, on every chat event: the chat, as an
 *   id of `fixtures.chats`; who hears the event follows from it (VER-11, "chats where the app
 *   participates"). `mentionsApp`, on messages: whether the message mentions the app (its text then
 *   carries `<@fixtures.users.app>`). `changedReaction`, on v1 reactions: the reaction that changed,
 *   which the `names` filter reads (sub-09-v1-reaction-names). `hasVideo` on `meeting.ended`,
 *   `onAirEventId` and `rsvpStatus` on v1 On-Air events, `lobbyId` on v0 `lobby:booked`: the facts
 *   the filters of those names read where the payload does not show them (sub-09-v1-*,
 *   sub-04-v0-lobby-filter).
 * The trigger answers 2xx once it has taken the event.
 */
export interface Emission {
  data: Record<string, unknown>;
  context?: Record<string, unknown>;
}

export interface SubscribedHook extends Hook {
  /** The subscription's id: v0 subscribe answers it (SUB-01); v1's is found in the list (SUB-07). */
  id: string;
  /** The credential that subscribed the hook: deliveries are signed with its app's secret. */
  token: string;
  /** Makes the implementation emit this hook's event (through the profile's trigger). */
  emit(emission: Emission): Promise<void>;
  /** Waits until `count` attempts arrived or `timeoutMs` passed; says whether they did. */
  arrived(count: number, timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}

const NO_TRIGGER: Skip = {
  skip: 'not_testable',
  reason:
    'the profile names no eventTrigger, so the suite cannot make the implementation emit events',
};

/** As `apiVersion`: send none, so the subscription takes the credential's pin (VER-14). */
export const INHERIT = 'inherit';

/**
 * Opens the hooks a check needs, runs `body` with them, and closes them whatever happens. Says why
 * when the profile cannot deliver to the suite.
 */
export async function withHooks(
  context: CheckContext,
  options: HookOptions[],
  body: (hooks: SubscribedHook[]) => Promise<void | Skip>,
): Promise<void | Skip> {
  const hooks: SubscribedHook[] = [];
  try {
    for (const option of options) {
      const hook = await openHook(context, option);
      if ('skip' in hook) return hook;
      hooks.push(hook);
    }
    return await body(hooks);
  } finally {
    await Promise.all(hooks.map((hook) => hook.close()));
  }
}

/** A value unique to one emission, so a check tells its own deliveries from others'. */
export function nonce(): string {
  return `conformance-${randomUUID()}`;
}

/** Longest real wait a check makes without `--full-schedule`. */
export const WAIT_BUDGET_MS = 20_000;

/**
 * How long to wait for `seconds` of service time on one of the profile's clocks (retry waits by
 * default).
 */
export function waitMs(
  { profile }: CheckContext,
  seconds: number,
  clock: Clock = 'retries',
): number {
  return scaledMs(seconds, timeScales(profile.timeScale)[clock]);
}

/**
 * A skip when waiting `seconds` of service time would exceed the budget and the run did not ask for
 * the full schedule.
 */
export function tooLong(
  context: CheckContext,
  seconds: number,
  clock: Clock = 'retries',
): Skip | undefined {
  // Without a trigger nothing is delivered, however long one waits: say that first.
  if (!context.profile.eventTrigger) return NO_TRIGGER;
  const ms = waitMs(context, seconds, clock);
  if (ms <= WAIT_BUDGET_MS || context.fullSchedule) return undefined;
  const now = timeScales(context.profile.timeScale)[clock];
  // The slowest factor whose waits fit the budget: the other way to run the check.
  const atLeast = Math.ceil((seconds * 1000) / WAIT_BUDGET_MS);
  return {
    skip: 'not_testable',
    remedy: [{ clock, now, atLeast, waitMs: seconds * 1000 }],
    reason: `waiting ${seconds} s of service time takes ${Math.round(ms / 1000)} s with your implementation's ${clock} at ${now}x (profile \`timeScale.${clock}\`); run with --full-schedule, or at a scale of at least ${atLeast}`,
  };
}

/** Why nothing can be delivered to the suite: no trigger, or a receiver it cannot reach. */
export function undeliverable(context: CheckContext): Skip | undefined {
  if (!context.profile.eventTrigger) return NO_TRIGGER;
  const unreachable = receiverUnreachable(context.profile, context.callback);
  return unreachable ? { skip: 'not_testable', reason: unreachable } : undefined;
}

/**
 * Subscribes a fresh receiver path to `event` with an organization credential pinned to the version
 * under test, or says why deliveries cannot be tested (no trigger in the profile, no credential).
 */
export async function openHook(
  context: CheckContext,
  {
    generation = 'v1',
    event,
    apiVersion,
    filter,
    pin = context.version,
    respond = () => ({ status: 204 }),
    as,
  }: HookOptions,
): Promise<SubscribedHook | Skip> {
  // v1 hooks deliver in the version under test unless a check asks otherwise (VER-14).
  if (generation === 'v1' && apiVersion === undefined) apiVersion = context.version;
  if (apiVersion === INHERIT) apiVersion = undefined;
  const { profile, call } = context;
  const cannot = undeliverable(context);
  if (cannot) return cannot;
  const operation = `${generation} post /webhook.subscribe`;
  const need = as
    ? subscriberNeed(context, operation, as)
    : needCredential(context, { operation, pin, scopes: ['webhook:write'] });
  if ('skip' in need) return need;
  const receiver = await context.receiver();
  const hook = receiver.hook(respond);
  const { token } = need;
  // Deliveries come in the subscription's version: its own, or the pin it inherits (VER-14).
  const contract = { event, version: generation === 'v0' ? 'v0' : (apiVersion ?? pin) };
  const json = {
    event,
    url: hook.url,
    ...(filter ? { filter } : {}),
    ...(apiVersion ? { apiVersion } : {}),
  };
  const subscribed = await call({
    path: `/${generation}/webhook.subscribe`,
    method: 'POST',
    token,
    json,
  });
  const found = await subscriptionOf(context, generation, subscribed, {
    token,
    event,
    url: hook.url,
    ...(as ? { reader: listReader(profile, token, as) } : {}),
  });
  if (!('id' in found)) {
    receiver.remove(hook);
    if ('skip' in found) return found;
    if (as && subscribed.status >= 400 && subscribed.status <= 499)
      return { skip: 'not_testable', reason: `${as.name}: ${found.problem}` };
    throw new Error(found.problem);
  }
  const { id } = found;
  return {
    ...hook,
    id,
    token,
    emit: (emission) => trigger(context, generation, event, emission),
    arrived: (count, timeoutMs) => until(() => hook.received.length >= count, timeoutMs),
    async close() {
      receiver.remove(hook);
      // Every delivery is held to its payload contract here, whichever check opened the hook, so
      // no check has to remember to (DLV-12, VER-08).
      const findings = deliveryFindings(contract, hook);
      recordDeliveries(contract, hook.received.length);
      for (const { message, requirement, location, expected, actual } of findings)
        context.report({ message, requirement, location, expected, actual });
      const unsubscribe = generation === 'v0' ? { form: { id } } : { json: { id } };
      await call({
        path: `/${generation}/webhook.unsubscribe`,
        method: 'POST',
        token,
        ...unsubscribe,
      });
    },
  };
}

/** `as` may subscribe where the operation is implemented (its permission is the subscribe's to say). */
function subscriberNeed(
  { profile }: CheckContext,
  operation: string,
  as: Subscriber,
): { token: string } | Skip {
  if (!profile.implements.includes(operation))
    return { skip: 'not_applicable', reason: `${operation} is not implemented` };
  return { token: as.token };
}

/**
 * The id of what a subscribe of the receiver created: v0 answers the subscription (SUB-01); v1's
 * answer is not shown, so its subscription is found in the list by event and url (SUB-07).
 */
async function subscriptionOf(
  context: CheckContext,
  generation: 'v0' | 'v1',
  subscribed: { status: number; body?: any },
  wanted: { token: string; event: string; url: string; reader?: string | undefined },
): Promise<{ id: string } | { problem: string } | Skip> {
  const refused = `subscribing the receiver to ${wanted.event} answered ${subscribed.status} ${JSON.stringify(subscribed.body)}`;
  if (subscribed.status < 200 || subscribed.status > 299) return { problem: refused };
  if (generation === 'v1') return findSubscription(context, wanted);
  const id = subscribed.body?.id;
  return typeof id === 'string' ? { id } : { problem: `${refused}, without the subscription id` };
}

async function trigger(
  context: CheckContext,
  generation: 'v0' | 'v1',
  event: string,
  { data, context: facts }: Emission,
): Promise<void> {
  const answer = await sendTrigger(context.profile.eventTrigger!, {
    generation,
    event,
    data,
    ...(facts ? { context: facts } : {}),
  });
  if (!answer.ok) throw new Error(`the event trigger answered ${answer.status} ${answer.text}`);
}

/** One request to the profile's event trigger (docs/conformance-profile.md), its answer read. */
export async function sendTrigger(
  eventTrigger: string,
  emission: { generation: 'v0' | 'v1'; event: string; data: unknown; context?: unknown },
): Promise<{ ok: boolean; status: number; text: string }> {
  const { status, body } = await send({
    url: eventTrigger,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(emission),
  });
  const text = body === undefined || typeof body === 'string' ? (body ?? '') : JSON.stringify(body);
  return { ok: status >= 200 && status <= 299, status, text };
}

/**
 * Whether an attempt carries `marker`, however its JSON is written (indented, keys in any order,
 * characters escaped as `\u` sequences or `\/`: the specification fixes none of that), or in its raw text
 * when it is no JSON.
 */
export function carries(received: Received, marker: string): boolean {
  if (received.body.includes(marker)) return true;
  return normalizedText(received)?.includes(marker) ?? false;
}

/**
 * Each attempt's JSON written plainly, once: waits ask `carries` of every attempt every few
 * milliseconds, and parsing them all again each time kept the suite's own loop busy.
 */
const NORMALIZED = new WeakMap<Received, string | undefined>();

function normalizedText(received: Received): string | undefined {
  if (NORMALIZED.has(received)) return NORMALIZED.get(received);
  const json = jsonOf(received);
  const text = json === undefined ? undefined : JSON.stringify(json);
  NORMALIZED.set(received, text);
  return text;
}

/**
 * The JSON body of an attempt, or undefined when it is not JSON: read in the names before any
 * declared shape change (openapi/versions.yaml, `instructions`), so a check reads one set of
 * names at every version; ver-declared-shapes judges the declared ones.
 */
export function jsonOf(received: Received): any {
  try {
    return readPayload(JSON.parse(received.body));
  } catch {
    return undefined;
  }
}
