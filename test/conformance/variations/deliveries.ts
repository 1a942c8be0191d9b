import { createHash, createHmac } from 'node:crypto';
import { APP, seedWorkspace } from '../../../src/reference/fixtures.ts';
import { loadVersionRegistry } from '../../../src/versions.ts';
import { signWebhook } from '../../../src/webhooks/sign.ts';
import type { WrittenAnswer } from '../../support/answer-rewriter.ts';
import type { FaultHooks, OutgoingAttempt } from '../fault-injection.ts';
import type { Variation } from '../variation-catalogue.ts';

/** The reference app's signing secret: a rewritten delivery is signed again with it (DLV-03). */
const SECRET = seedWorkspace().apps[APP]!.signingSecret;

/** `attempt` with `body` and `id` (its own by default), signed again over them. */
function signed(attempt: OutgoingAttempt, body: string, id = attempt.headers['webhook-id']!) {
  const timestamp = Number(attempt.headers['webhook-timestamp']);
  const headers = { ...attempt.headers, ...signWebhook({ secret: SECRET, id, timestamp, body }) };
  return { ...attempt, body, headers };
}

/** An attempt hook that rewrites the JSON payloads `change` returns a new one for, signed again. */
const payloads = (change: (payload: any, attempt: OutgoingAttempt) => unknown): FaultHooks => ({
  attempt: (attempt) => {
    const changed = change(JSON.parse(attempt.body), attempt);
    return changed === undefined ? attempt : signed(attempt, JSON.stringify(changed));
  },
});

const enveloped = (payload: any) =>
  payload && typeof payload === 'object' && 'eventId' in payload && 'data' in payload;

/** A short stable digest of `text`, to derive ids that repeat wherever their source repeats. */
const digestOf = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 26);

/** Every object's keys in reverse order, all the way down. */
function reversed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversed);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([k, v]) => [k, reversed(v)]),
  );
}

/**
 * JSON as other serialisers write it: indented, `<`, `>` and `&` as `\u` escapes (Go), `/` as
 * `\/` (PHP), non-ASCII as `\u` escapes (Python). Those characters occur only inside strings, so
 * escaping them all through the text keeps its meaning.
 */
function otherwiseWritten(payload: unknown): string {
  return JSON.stringify(reversed(payload), null, 2).replace(/[<>&/\u0080-\uffff]/g, (c) =>
    c === '/' ? '\\/' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** Health outcomes a list shows this long after they happened, as a queue-fed store would. */
const HEALTH_LAG_MS = 300;
const HEALTH_FIELDS = ['lastSuccessAt', 'failStreakStartedAt', 'disabledAt'] as const;

/**
 * The v1 list showing each subscription's health fields only `HEALTH_LAG_MS` after they changed:
 * until then, as they were before.
 */
function healthShownLate(): FaultHooks {
  const shown = new Map<
    string,
    { fields: Record<string, unknown>; next?: object; since: number }
  >();
  const late = (entry: Record<string, unknown>) => {
    if (typeof entry.id !== 'string') return entry;
    const fields = Object.fromEntries(HEALTH_FIELDS.map((f) => [f, entry[f]]));
    const now = performance.now();
    const kept = shown.get(entry.id);
    if (!kept) shown.set(entry.id, { fields, since: now });
    else if (JSON.stringify(kept.fields) !== JSON.stringify(fields)) {
      if (JSON.stringify(kept.next) !== JSON.stringify(fields))
        Object.assign(kept, { next: fields, since: now });
      else if (now - kept.since >= HEALTH_LAG_MS) Object.assign(kept, { fields, next: undefined });
    }
    const { fields: old } = shown.get(entry.id)!;
    const rest = Object.fromEntries(
      Object.entries(entry).filter(([k]) => !(HEALTH_FIELDS as readonly string[]).includes(k)),
    );
    return { ...rest, ...Object.fromEntries(Object.entries(old).filter(([, v]) => v)) };
  };
  return {
    answer: (answer, exchange) => {
      if (exchange.path !== '/v1/webhook.list' || answer.status !== 200) return answer;
      const body = answer.body as { webhooks?: unknown } | undefined;
      if (!body || !Array.isArray(body.webhooks)) return answer;
      return { ...answer, body: { ...body, webhooks: body.webhooks.map(late) } } as WrittenAnswer;
    },
  };
}

/**
 * Choices about deliveries the specification leaves open: how the JSON is written, the form of
 * `webhook-id` and of the envelope's `eventId` and `timestamp`, the content type's parameters,
 * several signatures, `Service-Version` on v0 deliveries, when health is recorded.
 */
export const DELIVERY_VARIATIONS: Variation[] = [
  {
    id: 'events-delivered-twice',
    choice:
      'each event sent twice to a subscription, as two deliveries with their own webhook-id (at-least-once): receivers de-duplicate by webhook-id (DLV-04); DLV-06 counts the attempts of one delivery',
    requirements: ['DLV-06', 'SUB-04', 'SUB-09'],
    // Every attempt twice: the second delivery is attempted and retried as the first is.
    hooks: () => ({ duplicate: (a) => signed(a, a.body, `${a.headers['webhook-id']}-again`) }),
  },
  {
    id: 'envelope-timestamp-in-unix-seconds',
    choice:
      "the envelope's timestamp is integer Unix seconds rather than an RFC 3339 string: v1 events name the field, not its format",
    requirements: ['VER-08', 'VER-10', 'VER-14', 'DLV-12'],
    hooks: () =>
      payloads((p) =>
        enveloped(p) ? { ...p, timestamp: Math.floor(Date.parse(p.timestamp) / 1000) } : undefined,
      ),
  },
  {
    id: 'event-id-per-subscription',
    choice:
      'each subscription gets its own envelope eventId for an event (stable across retries): the specification does not say whether eventId is per event or per delivery',
    requirements: ['VER-08', 'DLV-04', 'DLV-09'],
    hooks: () =>
      payloads((p, a) =>
        enveloped(p) ? { ...p, eventId: `evt_${digestOf(a.headers['webhook-id']!)}` } : undefined,
      ),
  },
  {
    id: 'deliveries-written-otherwise',
    choice:
      'payloads indented, keys in reverse order, `<>&` and non-ASCII as \\u escapes and `/` as `\\/`: the JSON text is not fixed, only its meaning and the signature over its bytes',
    requirements: [
      'SUB-02',
      'SUB-04',
      'SUB-09',
      'DLV-01',
      'DLV-03',
      'DLV-04',
      'DLV-09',
      'DLV-11',
      'DLV-12',
      'VER-08',
      'VER-10',
      'VER-11',
      'VER-14',
      'SUB-10',
      'HEALTH-01',
    ],
    hooks: () => ({
      attempt: (attempt) => signed(attempt, otherwiseWritten(JSON.parse(attempt.body))),
    }),
  },
  {
    id: 'webhook-id-evt-prefixed',
    choice:
      'webhook-id is `evt_` and 26 hex digits rather than a UUID: its format is not given, only that retries repeat it and deliveries differ',
    requirements: ['DLV-02', 'DLV-03', 'DLV-04', 'DLV-09'],
    hooks: () => ({
      attempt: (a) => signed(a, a.body, `evt_${digestOf(a.headers['webhook-id']!)}`),
    }),
  },
  {
    id: 'two-signatures',
    choice:
      'webhook-signature carries two v1 signatures, one with a rotated-out secret and the valid one: Standard Webhooks allows several, space-separated',
    requirements: ['DLV-02', 'DLV-03'],
    hooks: () => ({
      attempt: (a) => {
        const { 'webhook-id': id, 'webhook-timestamp': timestamp } = a.headers;
        const old = createHmac('sha256', 'a-rotated-out-signing-key-000000')
          .update(`${id}.${timestamp}.${a.body}`)
          .digest('base64');
        const signatures = `v1,${old} ${a.headers['webhook-signature']}`;
        return { ...a, headers: { ...a.headers, 'webhook-signature': signatures } };
      },
    }),
  },
  {
    id: 'json-content-type-with-charset',
    choice:
      'deliveries are sent as `Application/JSON; charset=utf-8`: media types are case-insensitive and may carry parameters',
    requirements: ['DLV-01'],
    hooks: () => ({
      attempt: (a) => ({
        ...a,
        headers: { ...a.headers, 'content-type': 'Application/JSON; charset=utf-8' },
      }),
    }),
  },
  {
    id: 'v0-deliveries-name-a-version',
    choice:
      'v0 deliveries carry Service-Version too (the latest version): Delivery 2 lists it for deliveries in general, v0 is outside the dated scheme, so it is neither required nor refused there',
    requirements: ['DLV-02', 'DLV-12', 'DLV-11', 'SUB-10', 'HEALTH-04', 'DLV-09'],
    hooks: () => ({
      attempt: (a) =>
        a.headers['service-version']
          ? a
          : { ...a, headers: { ...a.headers, 'service-version': loadVersionRegistry().latest } },
    }),
  },
  {
    id: 'health-recorded-late',
    choice: `a delivery's outcome shows in the v1 list ${HEALTH_LAG_MS} ms after the attempt was answered: the specification says health fields change as deliveries succeed or fail, not how soon`,
    requirements: ['HEALTH-01', 'HEALTH-02', 'HEALTH-03', 'DLV-09'],
    hooks: healthShownLate,
  },
];
