import type { WrittenAnswer } from '../../support/answer-rewriter.ts';
import type { Fault } from '../fault-catalogue.ts';
import type { FaultHooks } from '../fault-injection.ts';
import { resigned } from './resigned.ts';

type Body = Record<string, any>;

/** Rewrites the JSON body of the 200 answers of one path. */
const onSuccess = (
  path: string,
  change: (body: Body, form: Record<string, string>) => Body,
): FaultHooks => ({
  answer: (answer, exchange) => {
    if (exchange.path !== path || answer.status !== 200) return answer;
    if (!answer.body || typeof answer.body !== 'object') return answer;
    const form = (exchange.request?.body ?? {}) as Record<string, string>;
    return { ...answer, body: change(answer.body as Body, form) } as WrittenAnswer;
  },
});

/** An RFC 3339 UTC time as the same instant in local time two hours east: right instant, no `Z`. */
const inLocalTime = (utc: unknown): unknown => {
  if (typeof utc !== 'string') return utc;
  const local = new Date(Date.parse(utc) + 2 * 3_600_000).toISOString();
  return `${local.slice(0, 19)}+02:00`;
};

/** Rewrites one health field of every entry of the v1 list. */
const listedInLocalTime = (field: string): FaultHooks =>
  onSuccess('/v1/webhook.list', (body) => ({
    ...body,
    webhooks: (body.webhooks ?? []).map((w: Body) =>
      field in w ? { ...w, [field]: inLocalTime(w[field]) } : w,
    ),
  }));

/** Faults of this family of rules; listed in FAULTS by fault-catalogue.ts. */
export const TIMING_UNIT_FAULTS: Fault[] = [
  {
    // TYPE-03: a message timestamp in milliseconds, as Date.now() gives it.
    id: 'ephemeral-timestamp-in-milliseconds',
    requirement: 'EPH-01',
    hooks: () =>
      onSuccess('/v1/chat.postEphemeral', (body) => ({
        ...body,
        timestamp: Math.floor(body.timestamp / 1000),
      })),
  },
  {
    // DLV-02: webhook-timestamp in milliseconds rather than Unix seconds.
    id: 'webhook-timestamp-in-milliseconds',
    requirement: 'DLV-02',
    hooks: () => ({
      attempt: (a) => ({
        ...a,
        headers: {
          ...a.headers,
          'webhook-timestamp': String(Number(a.headers['webhook-timestamp']) * 1000),
        },
      }),
    }),
  },
  {
    // AUTH-07 on a refresh: the token lifetime in milliseconds, on the refresh grant only (the
    // token response document fixes expires_in, so the answer is held to it in AUTH-08).
    id: 'refreshed-expires-in-milliseconds',
    requirement: 'AUTH-08',
    hooks: () =>
      onSuccess('/oauth/token', (body, form) =>
        form.grant_type === 'refresh_token'
          ? { ...body, expires_in: body.expires_in * 1000 }
          : body,
      ),
  },
  {
    // DLV-08: the answer window a second short, so the retry comes a second early.
    id: 'two-second-answer-window',
    requirement: 'DLV-08',
    hooks: () => ({ policy: { attemptTimeout: 2 } }),
  },
  {
    // DLV-07: the third wait 30 s rather than about 5 minutes.
    id: 'third-wait-thirty-seconds',
    requirement: 'DLV-07',
    hooks: () => ({ policy: { retryWaits: [1, 60, 30] } }),
  },
  {
    // DLV-02: webhook-timestamp written as a float (`1787659200.0`), as some languages print a
    // number of seconds; it is the right instant but no integer.
    id: 'webhook-timestamp-as-a-float',
    requirement: 'DLV-02',
    hooks: () => ({
      attempt: (a) => ({
        ...a,
        headers: { ...a.headers, 'webhook-timestamp': `${a.headers['webhook-timestamp']}.0` },
      }),
    }),
  },
  {
    // HEALTH-01: failStreakStartedAt in local time with its offset rather than UTC.
    id: 'fail-streak-start-in-local-time',
    requirement: 'HEALTH-01',
    hooks: () => listedInLocalTime('failStreakStartedAt'),
  },
  {
    // HEALTH-03: disabledAt in local time with its offset rather than UTC.
    id: 'disabled-at-in-local-time',
    requirement: 'HEALTH-03',
    hooks: () => listedInLocalTime('disabledAt'),
  },
  {
    // HEALTH-02: lastSuccessAt in local time with its offset rather than UTC.
    id: 'last-success-in-local-time',
    requirement: 'HEALTH-02',
    hooks: () => listedInLocalTime('lastSuccessAt'),
  },
  {
    // DLV-12, TYPE-03: a v0 chat message's key in milliseconds, still an integer.
    id: 'v0-message-timestamp-in-milliseconds',
    requirement: 'DLV-12',
    hooks: () => ({
      attempt: (a) => {
        const payload = JSON.parse(a.body);
        if (a.headers['service-version'] || payload.type !== 'message') return a;
        const body = JSON.stringify({
          ...payload,
          timestamp: Math.floor(payload.timestamp / 1000),
        });
        return resigned(a, { body });
      },
    }),
  },
];
