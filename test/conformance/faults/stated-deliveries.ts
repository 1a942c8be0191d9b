import type { Fault } from '../fault-catalogue.ts';
import { beforeGate } from '../fault-versions.ts';
import { resigned } from './resigned.ts';
import { listed } from './answers.ts';
import { subscribedByUrl } from './subscribed.ts';

/**
 * Faults of stated delivery behaviour the catalogue had none for: each changes one thing an
 * attempt carries, or what the sender makes of one answer.
 */
export const STATED_DELIVERY_FAULTS: Fault[] = [
  {
    // DLV-01.any-2xx-acknowledges: a 202 is taken as a failure, and retried.
    id: 'only-200-and-204-acknowledge',
    requirement: 'DLV-01',
    hooks: () => ({
      outcome: (o) =>
        o.kind === 'acknowledged' && o.status !== 200 && o.status !== 204
          ? { kind: 'retryable', reason: 'http_5xx', status: o.status }
          : o,
    }),
  },
  {
    // DLV-06.5xx-and-429-retried: a 429 fails at once, as other 4xx do.
    id: '429-not-retried',
    requirement: 'DLV-06',
    hooks: () => ({
      outcome: (o) =>
        o.kind === 'retryable' && o.status === 429 ? { kind: 'rejected', status: 429 } : o,
    }),
  },
  {
    // DLV-05.retry-number: retries count from 0, not 1.
    id: 'retry-number-from-zero',
    requirement: 'DLV-05',
    hooks: () => ({
      attempt: (a) => {
        const num = a.headers['service-retry-num'];
        if (num === undefined) return a;
        return { ...a, headers: { ...a.headers, 'service-retry-num': String(Number(num) - 1) } };
      },
    }),
  },
  {
    // DLV-05.retry-reason: every retry says http_5xx, whatever failed.
    id: 'retry-reason-always-5xx',
    requirement: 'DLV-05',
    hooks: () => ({
      attempt: (a) =>
        a.headers['service-retry-reason'] === undefined
          ? a
          : { ...a, headers: { ...a.headers, 'service-retry-reason': 'http_5xx' } },
    }),
  },
  {
    // DLV-04.unique-per-event: one webhook-id for every delivery.
    id: 'one-webhook-id-for-every-delivery',
    requirement: 'DLV-04',
    hooks: () => ({
      attempt: (a) =>
        a.headers['webhook-id'] ? resigned(a, { headers: { 'webhook-id': 'msg_always' } }) : a,
    }),
  },
  {
    // VER-08.bare-before-envelope: v1 payloads enveloped before the envelope's version.
    id: 'enveloped-before-the-envelope',
    requirement: 'VER-08',
    versions: beforeGate('envelope'),
    hooks: () => {
      const subscribed = subscribedByUrl();
      return {
        request: subscribed.request,
        attempt: (a) => {
          const to = subscribed.at(a.url);
          const type = to?.generation === 'v1' ? String(to.event) : undefined;
          const version = a.headers['service-version'];
          const payload = JSON.parse(a.body);
          if (!type || !version || payload?.apiVersion !== undefined) return a;
          const envelope = {
            type,
            eventId: `evt_${a.headers['webhook-id']}`,
            timestamp: new Date().toISOString(),
            apiVersion: version,
            data: payload,
          };
          return resigned(a, { body: JSON.stringify(envelope) });
        },
      };
    },
  },
  {
    // DLV-03.v1-prefix: the signature is written without its `v1,` version prefix.
    id: 'signature-without-v1-prefix',
    requirement: 'DLV-03',
    hooks: () => ({
      attempt: (a) => {
        const signature = a.headers['webhook-signature'];
        if (!signature) return a;
        const bare = signature
          .split(' ')
          .map((s) => s.replace(/^v1,/, ''))
          .join(' ');
        return { ...a, headers: { ...a.headers, 'webhook-signature': bare } };
      },
    }),
  },
  {
    // SUB-10.payload-lists-every-reaction: a codes filter trims the payload to its codes.
    id: 'codes-filter-trims-reactions',
    requirement: 'SUB-10',
    hooks: () => {
      const subscribed = subscribedByUrl();
      const bare = (code: unknown) => String(code).replace(/^:|:$/g, '');
      return {
        request: subscribed.request,
        attempt: (a) => {
          const to = subscribed.at(a.url);
          const listed = (to?.filter as { codes?: unknown } | undefined)?.codes;
          const payload = JSON.parse(a.body);
          if (to?.generation !== 'v0' || !Array.isArray(listed)) return a;
          if (!Array.isArray(payload?.reactions)) return a;
          const codes = new Set(listed.map(bare));
          const kept = payload.reactions.filter((r: { code?: unknown }) => codes.has(bare(r.code)));
          if (kept.length === payload.reactions.length) return a;
          return resigned(a, { body: JSON.stringify({ ...payload, reactions: kept }) });
        },
      };
    },
  },
  {
    // DLV-09.v0-retried: v0 deliveries are not retried, as the v0 overview's superseded sentence
    // says: a failure is final.
    id: 'v0-deliveries-not-retried',
    requirement: 'DLV-09',
    hooks: () => {
      const subscribed = subscribedByUrl();
      return {
        request: subscribed.request,
        outcome: (o, attempt) =>
          o.kind === 'retryable' && subscribed.at(attempt.url)?.generation === 'v0'
            ? { kind: 'rejected', status: o.status ?? 0 }
            : o,
      };
    },
  },
  {
    // DLV-09.subscription-kept: a subscription whose delivery failed its last attempt is dropped
    // with the event: the list leaves it out from then on.
    id: 'subscription-dropped-with-the-event',
    requirement: 'DLV-09',
    hooks: () => {
      const dropped = new Set<string>();
      return {
        outcome: (o, attempt) => {
          if (attempt.number >= 4 && o.kind !== 'acknowledged') dropped.add(attempt.url);
          return o;
        },
        answer: listed((entries) => entries.filter((w) => !dropped.has(String(w.url)))),
      };
    },
  },
  {
    // HEALTH-01.terminal-failures-only: a failed attempt that will be retried opens a streak.
    id: 'streak-on-a-retried-failure',
    requirement: 'HEALTH-01',
    hooks: () => {
      const since = new Map<string, string>();
      return {
        outcome: (o, attempt) => {
          if (o.kind === 'acknowledged') since.delete(attempt.url);
          else if (!since.has(attempt.url)) since.set(attempt.url, new Date().toISOString());
          return o;
        },
        answer: listed((entries) =>
          entries.map((w) =>
            since.has(String(w.url)) && !w.failStreakStartedAt
              ? { ...w, failStreakStartedAt: since.get(String(w.url)) }
              : w,
          ),
        ),
      };
    },
  },
  {
    // HEALTH-01.start-stays: each terminal failure moves the streak's start to its own time.
    id: 'streak-start-moves',
    requirement: 'HEALTH-01',
    hooks: () => {
      const latest = new Map<string, string>();
      return {
        outcome: (o, attempt) => {
          if (o.kind === 'rejected') latest.set(attempt.url, new Date().toISOString());
          return o;
        },
        answer: listed((entries) =>
          entries.map((w) =>
            w.failStreakStartedAt && latest.has(String(w.url))
              ? { ...w, failStreakStartedAt: latest.get(String(w.url)) }
              : w,
          ),
        ),
      };
    },
  },
  {
    // DLV-06.transport-retried: a transport failure (no answer at all) fails at once.
    id: 'transport-failures-not-retried',
    requirement: 'DLV-06',
    hooks: () => ({
      outcome: (o) =>
        o.kind === 'retryable' && o.reason === 'transport' ? { kind: 'rejected', status: 0 } : o,
    }),
  },
];
