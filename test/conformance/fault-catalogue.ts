import { createHmac, randomUUID } from 'node:crypto';
import type { PassedRequest } from '../../src/http/front.ts';
import type { WrittenAnswer } from '../support/answer-rewriter.ts';
import type { Exchange, FaultHooks, OutgoingAttempt } from './fault-injection.ts';
import { retriedAsServerErrors } from './faults/answers.ts';
import { BOUNDARY_FAULTS } from './faults/boundaries.ts';
import { DECLARED_SHAPE_FAULTS } from './faults/declared-shapes.ts';
import { DELIVERY_PAYLOAD_FAULTS } from './faults/delivery-payloads.ts';
import { ERROR_ROW_FAULTS } from './faults/error-rows.ts';
import { EVENT_SHAPE_FAULTS } from './faults/event-shapes.ts';
import { EVERY_REQUEST_FAULTS } from './faults/every-request.ts';
import { IDENTITY_REDIRECT_FAULTS } from './faults/identity-redirect.ts';
import { JUDGED_CLAUSE_FAULTS } from './faults/judged-clauses.ts';
import { SIGNING_APP_FAULTS } from './faults/signing-apps.ts';
import { STATED_ANSWER_FAULTS } from './faults/stated-answers.ts';
import { MORE_STATED_ANSWER_FAULTS } from './faults/stated-answers-more.ts';
import { STATED_DELIVERY_FAULTS } from './faults/stated-deliveries.ts';
import { STATIC_SUBSCRIPTION_FAULTS } from './faults/static-subscriptions.ts';
import { TIMING_UNIT_FAULTS } from './faults/timing-units.ts';
import { CHATS } from '../../src/reference/chats.ts';
import { seedWorkspace } from '../../src/reference/fixtures.ts';
import { loadVersionRegistry } from '../../src/versions.ts';
import { beforeGate, fromGate, only } from './fault-versions.ts';

/**
 * One deliberate departure from one rule, injected into the reference server (fault-injection.ts).
 */
export interface Fault {
  id: string;
  /** The rule it breaks: the suite must fail a check and name this ID. */
  requirement: string;
  /**
   * The versions to run the checks at, each of which must catch the fault: every version where the
   * behaviour it breaks exists (a gate's side, `fromGate`/`beforeGate`) and the fault can show. The
   * latest alone by default: a behaviour no gate names is the same at every version.
   */
  versions?: (all: readonly string[]) => string[];
  /** Fresh hooks per run: some keep state (a cache of answers, a counter). */
  hooks: () => FaultHooks;
}

type Answer = WrittenAnswer;
/** The seeded OAuth clients, with their secrets. */
const CLIENTS = seedWorkspace().oauthClients;
/** The seeded multi-person DM. */
const MPDM = CHATS.mpdm.id;
const body = (answer: Answer): Record<string, any> =>
  answer.body && typeof answer.body === 'object' ? (answer.body as Record<string, any>) : {};
const form = (request: PassedRequest | undefined): Record<string, string> =>
  (request?.body ?? {}) as Record<string, string>;
/** An answer hook for one path only. */
const on = (
  path: string,
  change: (answer: Answer, request?: PassedRequest) => Answer | undefined,
): FaultHooks => ({
  answer: (answer, exchange) =>
    exchange.path === path ? (change(answer, exchange.request) ?? answer) : answer,
});
const attempt = (change: (a: OutgoingAttempt) => OutgoingAttempt): FaultHooks => ({
  attempt: change,
});
const rewriteBody = (a: OutgoingAttempt, change: (payload: any) => void): OutgoingAttempt => {
  const payload = JSON.parse(a.body);
  change(payload);
  return { ...a, body: JSON.stringify(payload) };
};
/** The version an answer names (VER-03), whatever the case of the header's name. */
const namedVersion = (answer: Answer): string =>
  Object.entries(answer.headers).find(([n]) => n.toLowerCase() === 'service-version')?.[1] ?? '';
const { baseline, latest } = loadVersionRegistry();
/** VER-12: the first version that takes only service-hosted avatars. */
const avatarGate = loadVersionRegistry().versions.find((v) =>
  v.requirements.includes('VER-12'),
)!.version;
/**
 * A credential without `webhook:write` is let through on `paths`, and its success then answered as
 * the refusal: what it asked for is done all the same.
 */
const doneThenRefused = (paths: string[], refusal: Record<string, string>): FaultHooks => {
  const lacking = new WeakSet<object>();
  return {
    credential: (t) => {
      if (t.scopes.includes('webhook:write')) return t;
      const given = { ...t, scopes: [...t.scopes, 'webhook:write'] };
      lacking.add(given);
      return given;
    },
    answer: (a, e) =>
      paths.includes(e.path) && a.status < 300 && e.request?.token && lacking.has(e.request.token)
        ? { status: 401, headers: a.headers, body: refusal }
        : a,
  };
};
/** The JSON body a request was sent with, also where the front refused it and passed none. */
const sentJson = (exchange: Exchange): Record<string, any> => {
  try {
    const value = JSON.parse(exchange.sent);
    return value && typeof value === 'object' ? value : {};
  } catch {
    return {};
  }
};
/** An answer hook for the front's refusals too, given the body the request was sent with. */
const onSent = (
  path: string,
  change: (answer: Answer, sent: Record<string, any>) => Answer | undefined,
): FaultHooks => ({
  answer: (answer, exchange) =>
    exchange.path === path ? (change(answer, sentJson(exchange)) ?? answer) : answer,
});
/** SUB-04: the v0 filter's keys, and its `status` values. */
const V0_FILTER_KEYS = new Set(['lobbyId', 'codes', 'eventId', 'status']);
const V0_STATUSES = new Set(['invited', 'going', 'maybe', 'notGoing']);
/** A v0 subscribe refused for a filter `wrong` picks is answered as made, with the filter echoed. */
const acceptedV0Filter = (wrong: (filter: Record<string, unknown>) => boolean): FaultHooks =>
  onSent('/v0/webhook.subscribe', (a, sent) => {
    const filter = sent.filter;
    if (a.status !== 400 || !filter || typeof filter !== 'object' || !wrong(filter))
      return undefined;
    return {
      status: 200,
      headers: {},
      body: { id: randomUUID(), event: sent.event, url: sent.url, filter },
    };
  });
/**
 * A subscribe of `generation` whose filter is stored without `key` (and without a filter where
 * nothing else is left): the subscription hears as if that key were not there.
 */
const withoutFilterKey = (r: PassedRequest, key: string, generation = 'v0'): PassedRequest => {
  const sent = r.body as { filter?: Record<string, unknown> } | undefined;
  if (r.generation !== generation || r.path !== '/webhook.subscribe') return r;
  if (!sent?.filter || !(key in sent.filter)) return r;
  const { [key]: _, ...filter } = sent.filter;
  const { filter: __, ...rest } = sent;
  return { ...r, body: Object.keys(filter).length ? { ...sent, filter } : rest };
};
const ok = (extra: Record<string, unknown> = {}): Answer => ({
  status: 200,
  headers: {},
  body: { ok: true, ...extra },
});

/**
 * The fault catalogue: each fault breaks one rule of layer live or recv. The conformance suite
 * must catch every one (test/conformance/faults.test.ts prints the mutation score).
 */
export const FAULTS: Fault[] = [
  // Versioning
  {
    id: 'pin-ignored',
    requirement: 'VER-02',
    hooks: () => ({ credential: (t) => ({ ...t, pin: undefined }) }),
  },
  {
    id: 'no-version-on-errors',
    requirement: 'VER-03',
    hooks: () => ({
      answer: (a) =>
        a.status >= 400
          ? {
              ...a,
              headers: Object.fromEntries(
                Object.entries(a.headers).filter(([n]) => n.toLowerCase() !== 'service-version'),
              ),
            }
          : a,
    }),
  },
  {
    id: 'unsupported-version-without-list',
    requirement: 'VER-04',
    hooks: () => ({
      answer: (a) =>
        a.status === 400 && 'supportedVersions' in body(a)
          ? { ...a, body: { error: 'invalid_parameter' } }
          : a,
    }),
  },
  {
    id: 'deprecation-on-supported-version',
    requirement: 'VER-05',
    hooks: () => ({
      answer: (a, e) =>
        e.path.startsWith('/v1/') && a.status === 200
          ? { ...a, headers: { ...a.headers, deprecation: 'true' } }
          : a,
    }),
  },
  {
    // VER-02: a credential without a pin gets the latest version, not the baseline.
    id: 'unpinned-at-the-latest',
    requirement: 'VER-02',
    hooks: () => ({ credential: (t) => (t.pin ? t : { ...t, pin: latest }) }),
  },
  {
    // VER-03: every answer names the latest version, whichever was used.
    id: 'version-header-always-the-latest',
    requirement: 'VER-03',
    versions: only(baseline),
    hooks: () => ({
      answer: (a) =>
        namedVersion(a)
          ? {
              ...a,
              headers: {
                ...Object.fromEntries(
                  Object.entries(a.headers).filter(([n]) => n.toLowerCase() !== 'service-version'),
                ),
                'Service-Version': latest,
              },
            }
          : a,
    }),
  },
  {
    // VER-04: the list leaves a supported version out.
    id: 'supported-list-without-the-baseline',
    requirement: 'VER-04',
    hooks: () => ({
      answer: (a) =>
        Array.isArray(body(a).supportedVersions)
          ? {
              ...a,
              body: {
                supportedVersions: body(a).supportedVersions.filter((v: string) => v !== baseline),
              },
            }
          : a,
    }),
  },
  {
    // VER-12: from the gate on, an avatar on any host is taken.
    id: 'foreign-avatars-taken-at-the-gate',
    requirement: 'VER-12',
    versions: fromGate('avatar-gate'),
    hooks: () =>
      onSent('/v1/chat.postEphemeral', (a, sent) =>
        a.status === 400 && /^https:/.test(String(sent.sender?.imageUrl))
          ? {
              ...a,
              status: 200,
              body: { ok: true, chatId: sent.chatId, timestamp: Date.now() * 1000 },
            }
          : undefined,
      ),
  },
  {
    // VER-12: the gate applies before its version too.
    id: 'avatars-gated-before-their-version',
    requirement: 'VER-12',
    versions: beforeGate('avatar-gate'),
    hooks: () =>
      on('/v1/chat.postEphemeral', (a, r) =>
        a.status === 200 &&
        namedVersion(a) < avatarGate &&
        String((form(r) as any).sender?.imageUrl).startsWith('https://images.example.com/')
          ? { status: 400, headers: a.headers, body: { error: 'invalid_parameter' } }
          : undefined,
      ),
  },
  {
    // VER-13: the baseline refuses the subteam grammar, later versions take it.
    id: 'subteam-grammar-refused-at-the-baseline',
    requirement: 'VER-13',
    hooks: () =>
      on('/v1/chat.postEphemeral', (a, r) =>
        namedVersion(a) === baseline && String(form(r).text).includes('<!subteam^')
          ? { status: 400, headers: a.headers, body: { error: 'invalid_parameter' } }
          : undefined,
      ),
  },
  {
    id: 'subteam-grammar-refused-on-write',
    requirement: 'VER-13',
    hooks: () =>
      on('/v1/chat.postEphemeral', (a, r) =>
        String(form(r).text).includes('<!subteam^')
          ? { status: 400, headers: a.headers, body: { error: 'invalid_parameter' } }
          : undefined,
      ),
  },
  // OAuth and tokens
  {
    id: 'no-credential-called-invalid',
    requirement: 'AUTH-01',
    hooks: () => ({
      answer: (a) =>
        body(a).error === 'not_authed' ? { ...a, body: { error: 'invalid_token' } } : a,
    }),
  },
  {
    // AUTH-01.every-operation: only postEphemeral takes a call without a credential for a forbidden
    // one (v1 list, the operation the check used to call alone, answers as it should).
    id: 'post-without-credential-is-403',
    requirement: 'AUTH-01',
    hooks: () => ({
      answer: (a, e) =>
        e.path === '/v1/chat.postEphemeral' && body(a).error === 'not_authed'
          ? { ...a, status: 403, body: { error: 'not_allowed' } }
          : a,
    }),
  },
  {
    id: 'unknown-token-is-403',
    requirement: 'AUTH-02',
    hooks: () => ({
      answer: (a) =>
        a.status === 401 && body(a).error === 'invalid_token' ? { ...a, status: 403 } : a,
    }),
  },
  {
    id: 'refused-grants-issue-tokens',
    requirement: 'AUTH-03',
    hooks: () =>
      on('/oauth/token', (a, r) =>
        a.status === 400 && !r
          ? {
              status: 200,
              headers: a.headers,
              body: {
                access_token: 'at_x',
                token_type: 'Bearer',
                expires_in: 604800,
                refresh_token: 'rt_x',
                scope: '',
              },
            }
          : undefined,
      ),
  },
  {
    id: 'basic-client-auth-ignored',
    requirement: 'AUTH-04',
    hooks: () => ({
      request: (r) =>
        r.path === '/oauth/token' && /^Basic /i.test(String(r.headers.authorization))
          ? { ...r, headers: { ...r.headers, authorization: undefined } }
          : r,
    }),
  },
  {
    id: 'redirect-uri-prefix-match',
    requirement: 'AUTH-05',
    hooks: () => ({
      request: (r) =>
        r.path === '/oauth/authorize' &&
        r.query.redirect_uri?.startsWith('http://localhost:8080/callback')
          ? { ...r, query: { ...r.query, redirect_uri: 'http://localhost:8080/callback' } }
          : r,
    }),
  },
  {
    id: 'codes-reusable',
    requirement: 'AUTH-05',
    hooks: () => {
      const issued = new Map<string, Answer>();
      return on('/oauth/token', (a, r) => {
        const code = form(r).code;
        if (!code) return undefined;
        if (a.status === 200) issued.set(code, a);
        return a.status === 400 ? issued.get(code) : undefined;
      });
    },
  },
  {
    id: 'pkce-plain-accepted',
    requirement: 'AUTH-06',
    hooks: () => ({
      request: (r) =>
        r.path === '/oauth/authorize' && r.query.code_challenge_method === 'plain'
          ? { ...r, query: { ...r.query, code_challenge_method: 'S256' } }
          : r,
    }),
  },
  {
    id: 'tokens-live-an-hour',
    requirement: 'AUTH-07',
    hooks: () =>
      on('/oauth/token', (a) =>
        a.status === 200 ? { ...a, body: { ...body(a), expires_in: 3600 } } : undefined,
      ),
  },
  {
    id: 'refresh-scope-ignored',
    requirement: 'AUTH-08',
    hooks: () => ({
      request: (r) =>
        r.path === '/oauth/token' && form(r).grant_type === 'refresh_token'
          ? { ...r, body: { ...form(r), scope: undefined } }
          : r,
    }),
  },
  {
    id: 'refresh-answers-the-old-token',
    requirement: 'AUTH-08',
    hooks: () =>
      on('/oauth/token', (a, r) =>
        a.status === 200 && form(r).grant_type === 'refresh_token'
          ? { ...a, body: { ...body(a), refresh_token: form(r).refresh_token } }
          : undefined,
      ),
  },
  {
    id: 'revocation-ignored',
    requirement: 'AUTH-09',
    hooks: () => ({
      credential: (t) => (t.kind === 'oauth_access_token' ? { ...t, revoked: false } : t),
    }),
  },
  {
    id: 'metadata-offers-plain',
    requirement: 'AUTH-10',
    hooks: () =>
      on('/.well-known/oauth-authorization-server', (a) => ({
        ...a,
        body: { ...body(a), code_challenge_methods_supported: ['S256', 'plain'] },
      })),
  },
  {
    // AUTH-03: refusals of the token endpoint answered 200, the error in the body.
    id: 'token-refusals-answered-200',
    requirement: 'AUTH-03',
    hooks: () =>
      on('/oauth/token', (a) =>
        a.status >= 400 && a.status < 500 ? { ...a, status: 200 } : undefined,
      ),
  },
  {
    // AUTH-04: a secret in the body is not compared: any secret authenticates the client.
    id: 'wrong-secret-in-body-accepted',
    requirement: 'AUTH-04',
    hooks: () => ({
      request: (r) => {
        const client = CLIENTS.find((c) => c.id === form(r).client_id);
        if (r.path !== '/oauth/token' || !client?.secret || form(r).client_secret === undefined)
          return r;
        return { ...r, body: { ...form(r), client_secret: client.secret } };
      },
    }),
  },
  {
    // AUTH-04: a refresh does not compare the secret in its body (the code exchange does).
    id: 'refresh-secret-not-compared',
    requirement: 'AUTH-04',
    hooks: () => ({
      request: (r) => {
        const client = CLIENTS.find((c) => c.id === form(r).client_id);
        if (r.path !== '/oauth/token' || form(r).grant_type !== 'refresh_token') return r;
        if (!client?.secret || form(r).client_secret === undefined) return r;
        return { ...r, body: { ...form(r), client_secret: client.secret } };
      },
    }),
  },
  {
    // AUTH-04: a refresh by HTTP Basic is refused: only a secret in the body is taken.
    id: 'refresh-by-basic-refused',
    requirement: 'AUTH-04',
    hooks: () =>
      on('/oauth/token', (a, r) =>
        form(r).grant_type === 'refresh_token' && /^basic /i.test(r?.headers.authorization ?? '')
          ? { status: 401, headers: a.headers, body: { error: 'invalid_client' } }
          : undefined,
      ),
  },
  {
    // AUTH-07: a refresh token is taken as the Bearer credential of its grant's access token.
    id: 'refresh-token-taken-as-bearer',
    requirement: 'AUTH-07',
    hooks: () => {
      const accessOf = new Map<string, string>();
      return {
        ...on('/oauth/token', (a) => {
          const { refresh_token, access_token } = body(a);
          if (a.status === 200 && typeof refresh_token === 'string')
            accessOf.set(refresh_token, access_token);
          return undefined;
        }),
        bearer: (sent) => accessOf.get(sent) ?? sent,
      };
    },
  },
  {
    // AUTH-07: scopes joined by commas, not spaces.
    id: 'scope-comma-separated',
    requirement: 'AUTH-07',
    hooks: () =>
      on('/oauth/token', (a) =>
        a.status === 200 && typeof body(a).scope === 'string'
          ? { ...a, body: { ...body(a), scope: body(a).scope.split(' ').join(',') } }
          : undefined,
      ),
  },
  {
    // AUTH-08: a refresh answers the access token it was to replace.
    id: 'refresh-repeats-the-access-token',
    requirement: 'AUTH-08',
    hooks: () => {
      const accessOf = new Map<string, string>();
      return on('/oauth/token', (a, r) => {
        if (a.status !== 200) return undefined;
        const previous = accessOf.get(form(r).refresh_token ?? '');
        const answered =
          previous === undefined ? a : { ...a, body: { ...body(a), access_token: previous } };
        accessOf.set(body(a).refresh_token, body(answered).access_token);
        return answered;
      });
    },
  },
  {
    // AUTH-08: a refresh rotates, yet the rotated-away token keeps working (it stands for the
    // latest one).
    id: 'rotated-away-refresh-token-works',
    requirement: 'AUTH-08',
    hooks: () => {
      const latest = new Map<string, string>();
      return {
        request: (r) => {
          const sent = form(r).refresh_token;
          if (r.path !== '/oauth/token' || sent === undefined || !latest.has(sent)) return r;
          return { ...r, body: { ...form(r), refresh_token: latest.get(sent) } };
        },
        answer: (a, exchange) => {
          const sent = new URLSearchParams(exchange.sent).get('refresh_token');
          const seen = form(exchange.request).refresh_token;
          if (exchange.path !== '/oauth/token' || a.status !== 200 || !sent) return a;
          // Every token the client held for this grant now stands for the fresh one.
          for (const [held, current] of latest)
            if (current === seen) latest.set(held, body(a).refresh_token);
          latest.set(sent, body(a).refresh_token);
          return a;
        },
      };
    },
  },
  {
    // AUTH-08 (the reading AUTH-08.refresh-scope): a narrowing refresh gets the whole grant.
    id: 'refresh-narrowing-ignored',
    requirement: 'AUTH-08',
    hooks: () => ({
      request: (r) =>
        r.path === '/oauth/token' &&
        form(r).grant_type === 'refresh_token' &&
        form(r).scope?.split(' ').length === 1
          ? { ...r, body: { ...form(r), scope: undefined } }
          : r,
    }),
  },
  {
    // AUTH-09: a revoked grant's refresh token still gives tokens.
    id: 'refresh-works-after-revocation',
    requirement: 'AUTH-09',
    hooks: () =>
      on('/oauth/token', (a) =>
        body(a).error === 'token_revoked'
          ? {
              status: 200,
              headers: a.headers,
              body: {
                access_token: 'at_after_revocation',
                token_type: 'Bearer',
                expires_in: 604800,
                refresh_token: 'rt_after_revocation',
                scope: 'chat:write',
              },
            }
          : undefined,
      ),
  },
  {
    // AUTH-10: no metadata document.
    id: 'metadata-missing',
    requirement: 'AUTH-10',
    hooks: () =>
      on('/.well-known/oauth-authorization-server', (a) => ({
        status: 404,
        headers: a.headers,
        body: { error: 'not_found' },
      })),
  },
  {
    id: 'personal-tokens-act-as-the-app',
    requirement: 'AUTH-11',
    hooks: () => ({
      credential: (t) => (t.access === 'personal' ? { ...t, access: 'organization' } : t),
    }),
  },
  {
    // AUTH-11: a personal token's sender is taken.
    id: 'personal-sender-taken',
    requirement: 'AUTH-11',
    hooks: () =>
      onSent('/v1/chat.postEphemeral', (a, sent) =>
        body(a).error === 'access_mode_not_supported'
          ? {
              ...a,
              status: 200,
              body: { ok: true, chatId: sent.chatId, timestamp: Date.now() * 1000 },
            }
          : undefined,
      ),
  },
  {
    id: 'chat-scope-for-everyone',
    requirement: 'AUTH-13',
    hooks: () => ({
      credential: (t) => ({ ...t, scopes: [...new Set([...t.scopes, 'chat:write'])] }),
    }),
  },
  {
    // AUTH-13.either-chat-scope: postEphemeral takes chat:write only, not chat:send_message alone.
    id: 'send-message-scope-not-enough',
    requirement: 'AUTH-13',
    hooks: () => ({
      credential: (t) =>
        t.scopes.includes('chat:write')
          ? t
          : { ...t, scopes: t.scopes.filter((s) => s !== 'chat:send_message') },
    }),
  },
  {
    // AUTH-13: v1 subscribe without webhook:write makes the subscription, then says 401.
    id: 'subscribe-without-write-refused-but-made',
    requirement: 'AUTH-13',
    hooks: () => doneThenRefused(['/v1/webhook.subscribe'], { error: 'missing_scope' }),
  },
  {
    // AUTH-13: v1 unsubscribe without webhook:write removes the subscription, then says 401.
    id: 'v1-unsubscribe-done-then-refused',
    requirement: 'AUTH-13',
    hooks: () =>
      doneThenRefused(['/v1/webhook.subscribe', '/v1/webhook.unsubscribe'], {
        error: 'missing_scope',
      }),
  },
  // Subscriptions
  {
    id: 'v0-subscribe-forgets-the-filter',
    requirement: 'SUB-01',
    hooks: () =>
      on('/v0/webhook.subscribe', (a) =>
        a.status === 200 ? { ...a, body: { ...body(a), filter: null } } : undefined,
      ),
  },
  {
    // SUB-01: a subscription made without a filter is answered with one.
    id: 'v0-subscribe-invents-a-filter',
    requirement: 'SUB-01',
    hooks: () =>
      on('/v0/webhook.subscribe', (a) =>
        a.status === 200 && !body(a).filter
          ? { ...a, body: { ...body(a), filter: { eventId: 'any' } } }
          : undefined,
      ),
  },
  {
    id: 'subscribe-duplicates',
    requirement: 'SUB-02',
    hooks: () => ({
      request: (r) =>
        r.path === '/webhook.subscribe' && r.generation === 'v0'
          ? { ...r, body: { ...form(r), url: `${form(r).url}?copy=${randomUUID()}` } }
          : r,
    }),
  },
  {
    id: 'long-urls-accepted',
    requirement: 'SUB-03',
    hooks: () => ({
      answer: (a, e) =>
        e.path.endsWith('/webhook.subscribe') && String(form(e.request).url).length > 1024
          ? ok({ id: randomUUID() })
          : a,
    }),
  },
  {
    // SUB-01: one of the names v0 subscribe lists is refused as if it were not.
    id: 'v0-subscribe-refuses-transcript-saved',
    requirement: 'SUB-01',
    hooks: () =>
      on('/v0/webhook.subscribe', (a, r) =>
        form(r).event === 'transcript:saved'
          ? { status: 400, headers: a.headers, body: { ok: false, error: 'invalid_parameter' } }
          : undefined,
      ),
  },
  {
    // SUB-04: the v0 filter takes keys it does not have ("No additional properties are allowed").
    id: 'v0-filter-other-keys-accepted',
    requirement: 'SUB-04',
    hooks: () =>
      acceptedV0Filter((filter) => Object.keys(filter).some((k) => !V0_FILTER_KEYS.has(k))),
  },
  {
    // SUB-04: the v0 filter's `status` takes any text, not only invited, going, maybe, notGoing.
    id: 'v0-filter-any-status-accepted',
    requirement: 'SUB-04',
    hooks: () =>
      acceptedV0Filter(
        (filter) => filter.status !== undefined && !V0_STATUSES.has(String(filter.status)),
      ),
  },
  {
    // SUB-04: a v0 On-Air subscription hears every event, whatever its filter's eventId.
    id: 'v0-on-air-event-id-ignored',
    requirement: 'SUB-04',
    hooks: () => ({ request: (r) => withoutFilterKey(r, 'eventId') }),
  },
  {
    // SUB-04: a v0 RSVP subscription hears every status, whatever its filter's status.
    id: 'v0-rsvp-status-ignored',
    requirement: 'SUB-04',
    hooks: () => ({ request: (r) => withoutFilterKey(r, 'status') }),
  },
  {
    // SUB-09: a v1 chat.reaction subscription hears every reaction, whatever its filter's names.
    id: 'reaction-names-ignored',
    requirement: 'SUB-09',
    hooks: () => ({ request: (r) => withoutFilterKey(r, 'names', 'v1') }),
  },
  {
    // SUB-04: a v0 lobby:booked subscription hears every lobby's bookings, whatever its lobbyId.
    id: 'v0-lobby-id-ignored',
    requirement: 'SUB-04',
    hooks: () => ({ request: (r) => withoutFilterKey(r, 'lobbyId') }),
  },
  {
    // SUB-09: a v1 chat.message subscription hears every kind of chat, whatever its chatType.
    id: 'chat-type-ignored',
    requirement: 'SUB-09',
    hooks: () => ({ request: (r) => withoutFilterKey(r, 'chatType', 'v1') }),
  },
  {
    // SUB-09: "dm" holds 1:1 direct messages only, not multi-person ones.
    id: 'chat-type-dm-without-mpdm',
    requirement: 'SUB-09',
    hooks: () => ({
      hears: (heard, event, _, filter) =>
        heard && !(filter?.chatType === 'dm' && event.context?.chatId === MPDM),
    }),
  },
  {
    // SUB-09: a v1 meeting.ended subscription hears meetings without video, whatever its hasVideo.
    id: 'has-video-ignored',
    requirement: 'SUB-09',
    hooks: () => ({ request: (r) => withoutFilterKey(r, 'hasVideo', 'v1') }),
  },
  {
    // SUB-09: a v1 On-Air subscription hears every On-Air event, whatever its filter's eventId.
    id: 'v1-on-air-event-id-ignored',
    requirement: 'SUB-09',
    hooks: () => ({ request: (r) => withoutFilterKey(r, 'eventId', 'v1') }),
  },
  {
    // SUB-09: a v1 RSVP subscription hears every status, whatever its filter's status.
    id: 'v1-rsvp-status-ignored',
    requirement: 'SUB-09',
    hooks: () => ({ request: (r) => withoutFilterKey(r, 'status', 'v1') }),
  },
  {
    // SUB-02: an upsert answers the new filter, but the subscription keeps delivering by the first.
    id: 'upsert-keeps-old-filter',
    requirement: 'SUB-02',
    hooks: () => {
      const first = new Map<string, unknown>();
      const asked = new WeakMap<object, unknown>();
      return {
        request: (r) => {
          const sent = r.body as { event?: string; url?: string; filter?: unknown } | undefined;
          if (r.generation !== 'v0' || r.path !== '/webhook.subscribe' || !sent) return r;
          const key = `${sent.event} ${sent.url}`;
          if (!first.has(key)) {
            first.set(key, sent.filter);
            return r;
          }
          const kept = { ...r, body: { ...sent, filter: first.get(key) } };
          asked.set(kept, sent.filter);
          return kept;
        },
        answer: (a, e) =>
          e.request && asked.has(e.request) && a.status === 200
            ? { ...a, body: { ...(a.body as object), filter: asked.get(e.request) } }
            : a,
      };
    },
  },
  {
    id: 'unsubscribe-twice-succeeds',
    requirement: 'SUB-05',
    hooks: () =>
      on('/v0/webhook.unsubscribe', (a) =>
        a.status === 404 ? { status: 204, headers: a.headers } : undefined,
      ),
  },
  {
    id: 'v0-open-to-every-credential',
    requirement: 'SUB-06',
    hooks: () => ({
      answer: (a, e) =>
        e.path.startsWith('/v0/') && a.status === 401
          ? {
              status: 200,
              headers: a.headers,
              body: { id: randomUUID(), event: 'lobby:booked', url: 'https://x', filter: null },
            }
          : a,
    }),
  },
  {
    // SUB-06: v0 unsubscribe without webhook:write removes the subscription, then says 401.
    id: 'v0-unsubscribe-done-then-refused',
    requirement: 'SUB-06',
    hooks: () =>
      doneThenRefused(['/v0/webhook.subscribe', '/v0/webhook.unsubscribe'], {
        code: 'missing_scope',
      }),
  },
  {
    id: 'list-hides-dynamic',
    requirement: 'SUB-07',
    hooks: () =>
      on('/v1/webhook.list', (a) =>
        a.status === 200
          ? {
              ...a,
              body: {
                ...body(a),
                webhooks: (body(a).webhooks ?? []).filter((w: { dynamic: boolean }) => !w.dynamic),
              },
            }
          : undefined,
      ),
  },
  {
    id: 'list-without-scope',
    requirement: 'SUB-08',
    hooks: () =>
      on('/v1/webhook.list', (a) =>
        a.status === 401 && body(a).error === 'missing_scope' ? ok({ webhooks: [] }) : undefined,
      ),
  },
  // The front refuses an empty filter by the request schema; this fault answers as if it had not.
  {
    id: 'schema-refusals-become-subscriptions',
    requirement: 'SUB-09',
    hooks: () =>
      on('/v1/webhook.subscribe', (a, r) =>
        a.status === 400 && !r ? ok({ id: randomUUID() }) : undefined,
      ),
  },
  {
    // SUB-09: `{mention: false}` beside another key is refused as if alone.
    id: 'mention-false-refused-beside-another-key',
    requirement: 'SUB-09',
    hooks: () => ({
      request: (r) =>
        r.path === '/webhook.subscribe' &&
        r.generation === 'v1' &&
        (form(r) as any).filter?.mention === false
          ? { ...r, body: { ...form(r), url: 'not a url' } }
          : r,
    }),
  },
  // Ephemeral messages
  {
    id: 'thread-not-echoed',
    requirement: 'EPH-01',
    hooks: () =>
      on('/v1/chat.postEphemeral', (a) =>
        a.status === 200 ? { ...a, body: { ...body(a), threadTimestamp: undefined } } : undefined,
      ),
  },
  {
    id: 'dm-threads-accepted',
    requirement: 'EPH-02',
    hooks: () =>
      on('/v1/chat.postEphemeral', (a, r) =>
        a.status === 400 && (form(r) as Record<string, unknown>).threadTimestamp !== undefined
          ? ok({ chatId: form(r).chatId, timestamp: Date.now() * 1000 })
          : undefined,
      ),
  },
  {
    // EPH-02: "400 in DMs and multi-person DMs"; this one refuses threads in 1:1 DMs only.
    id: 'mpdm-threads-accepted',
    requirement: 'EPH-02',
    hooks: () =>
      on('/v1/chat.postEphemeral', (a, r) => {
        const sent = form(r) as Record<string, unknown>;
        return a.status === 400 && sent.threadTimestamp !== undefined && sent.chatId === MPDM
          ? ok({ chatId: sent.chatId, timestamp: Date.now() * 1000 })
          : undefined;
      }),
  },
  {
    id: 'too-long-is-400',
    requirement: 'EPH-03',
    hooks: () =>
      on('/v1/chat.postEphemeral', (a) =>
        a.status === 413 ? { ...a, status: 400, body: { error: 'invalid_parameter' } } : undefined,
      ),
  },
  {
    id: 'archived-channels-accept',
    requirement: 'EPH-04',
    hooks: () =>
      on('/v1/chat.postEphemeral', (a, r) =>
        body(a).error === 'is_archived'
          ? ok({ chatId: form(r).chatId, timestamp: Date.now() * 1000 })
          : undefined,
      ),
  },
  {
    // EPH-04: a recipient outside the chat is posted to.
    id: 'recipients-outside-the-chat-taken',
    requirement: 'EPH-04',
    hooks: () =>
      on('/v1/chat.postEphemeral', (a, r) =>
        body(a).error === 'user_not_in_chat'
          ? {
              ...a,
              status: 200,
              body: { ok: true, chatId: form(r).chatId, timestamp: Date.now() * 1000 },
            }
          : undefined,
      ),
  },
  {
    // A post also emits chat.message with its text, as a stored message would, delivered
    // asynchronously (after the answer) to every v1 chat.message subscription of the app.
    id: 'ephemeral-emits-chat-message',
    requirement: 'EPH-05',
    hooks: () => ({
      answer: (a, e) => {
        if (e.path === '/v1/chat.postEphemeral' && a.status === 200)
          e.emit({
            generation: 'v1',
            type: 'chat.message',
            data: { chatType: 'dm', text: form(e.request).text },
          });
        return a;
      },
    }),
  },
  {
    id: 'sender-ids-strict',
    requirement: 'EPH-06',
    hooks: () =>
      on('/v1/chat.postEphemeral', (a, r) =>
        a.status === 200 && (form(r) as any).sender?.id === 'HELPER'
          ? { status: 400, headers: a.headers, body: { error: 'invalid_parameter' } }
          : undefined,
      ),
  },
  // Deliveries
  {
    id: 'deliveries-as-text',
    requirement: 'DLV-01',
    hooks: () =>
      attempt((a) => ({ ...a, headers: { ...a.headers, 'content-type': 'text/plain' } })),
  },
  {
    // DLV-02.v0-headers: v0 deliveries (no Service-Version) go without webhook-timestamp.
    id: 'v0-deliveries-without-timestamp',
    requirement: 'DLV-02',
    hooks: () =>
      attempt((a) =>
        a.headers['service-version'] === undefined
          ? {
              ...a,
              headers: Object.fromEntries(
                Object.entries(a.headers).filter(([n]) => n !== 'webhook-timestamp'),
              ),
            }
          : a,
      ),
  },
  {
    id: 'no-version-on-retries',
    requirement: 'DLV-02',
    hooks: () =>
      attempt((a) =>
        a.number > 1
          ? {
              ...a,
              headers: Object.fromEntries(
                Object.entries(a.headers).filter(([n]) => n !== 'service-version'),
              ),
            }
          : a,
      ),
  },
  {
    id: 'signature-without-the-id',
    requirement: 'DLV-03',
    hooks: () =>
      attempt((a) => ({
        ...a,
        headers: {
          ...a.headers,
          'webhook-signature': `v1,${createHmac('sha256', 'reference-app-acme-signing-key!!').update(`${a.headers['webhook-timestamp']}.${a.body}`).digest('base64')}`,
        },
      })),
  },
  {
    id: 'new-id-per-attempt',
    requirement: 'DLV-04',
    hooks: () =>
      attempt((a) => ({
        ...a,
        headers: { ...a.headers, 'webhook-id': `${a.headers['webhook-id']}-${a.number}` },
      })),
  },
  {
    id: 'retry-headers-on-first-attempt',
    requirement: 'DLV-05',
    hooks: () =>
      attempt((a) =>
        a.number === 1
          ? {
              ...a,
              headers: {
                ...a.headers,
                'service-retry-num': '0',
                'service-retry-reason': 'transport',
              },
            }
          : a,
      ),
  },
  { id: 'five-attempts', requirement: 'DLV-06', hooks: () => ({ policy: { attempts: 5 } }) },
  {
    // DLV-09: after a dropped event the next one does not start afresh: its first attempt goes on
    // from the dropped one's count.
    id: 'next-event-goes-on-counting',
    requirement: 'DLV-09',
    hooks: () => {
      let dropped = false;
      return attempt((a) => {
        if (a.number === 4) dropped = true;
        if (a.number !== 1 || !dropped) return a;
        const headers = {
          ...a.headers,
          'service-retry-num': '4',
          'service-retry-reason': 'http_5xx',
        };
        return { ...a, headers };
      });
    },
  },
  {
    // DLV-06: a 4xx other than 429 is retried as if it were a server error.
    id: 'client-errors-retried',
    requirement: 'DLV-06',
    hooks: () => retriedAsServerErrors(400, 500),
  },
  {
    id: 'every-wait-a-second',
    requirement: 'DLV-07',
    hooks: () => ({ policy: { retryWaits: [1, 1, 1] } }),
  },
  {
    id: 'retry-after-means-now',
    requirement: 'DLV-07',
    hooks: () => ({ policy: { retryAfterCap: 0 } }),
  },
  {
    id: 'ten-second-answer-window',
    requirement: 'DLV-08',
    hooks: () => ({ policy: { attemptTimeout: 10 } }),
  },
  {
    // Every reaction change delivered at once: a window of 0 fires on the next tick, before the
    // suite's next change (one request each) can join it.
    id: 'no-reaction-debounce',
    requirement: 'DLV-11',
    hooks: () => ({ policy: { reactionDebounce: 0 } }),
  },
  {
    id: 'v0-start-as-a-number',
    requirement: 'DLV-12',
    hooks: () =>
      attempt((a) =>
        a.headers['service-version']
          ? a
          : rewriteBody(a, (p) => {
              if ('start' in p) p.start = 1785312000;
            }),
      ),
  },
  {
    // SUB-10.colon-wrapped-filter-matches: the reactions' colons are dropped, the filter's kept,
    // so `:heart:` never matches.
    id: 'filter-colons-kept',
    requirement: 'SUB-10',
    hooks: () => ({
      hears: (heard, _, __, filter) => {
        const codes = filter?.codes;
        if (!heard || !Array.isArray(codes)) return heard;
        return !codes.every((code) => /^:.*:$/.test(String(code)));
      },
    }),
  },
  {
    // The app's default (the latest) for the subscription's: it shows wherever the two differ.
    id: 'api-version-of-the-app',
    requirement: 'VER-08',
    versions: (all) => fromGate('envelope')(all).filter((v) => v !== latest),
    hooks: () => attempt((a) => rewriteBody(a, (p) => (p.apiVersion = latest))),
  },
  {
    id: 'baseline-grammar-always',
    requirement: 'VER-10',
    versions: fromGate('mention-render'),
    hooks: () =>
      attempt((a) => ({
        ...a,
        body: a.body.replaceAll('<!subteam^', '<@G-').replaceAll('<!channel>', '<@all>'),
      })),
  },
  {
    id: 'membership-ignored',
    requirement: 'VER-11',
    versions: (all) => [...all],
    hooks: () => ({ hears: () => true }),
  },
  {
    // Before 2026-08-20 too, a channel without the app is no chat it participates in (Events).
    id: 'unjoined-channels-heard-before-2026-08-20',
    requirement: 'VER-11',
    versions: beforeGate('membership'),
    hooks: () => ({ hears: (heard, event) => heard || event.type === 'chat.message' }),
  },
  {
    // From 2026-08-20 a subscription without a filter hears every message of its channels.
    id: 'mention-only-after-2026-08-20',
    requirement: 'VER-11',
    versions: fromGate('membership'),
    hooks: () => ({
      hears: (heard, event, _, filter) =>
        heard && (filter?.mention === true || event.context?.mentionsApp !== false),
    }),
  },
  {
    // SUB-10: codes compared as written, so `thumbs_up` misses `:thumbs_up:`.
    id: 'codes-compared-with-colons',
    requirement: 'SUB-10',
    hooks: () => ({
      hears: (heard, event, _, filter) => {
        const codes = filter?.codes;
        if (!heard || !Array.isArray(codes)) return heard;
        const reactions: Array<{ code?: unknown }> = Array.isArray(event.data.reactions)
          ? event.data.reactions
          : [];
        return reactions.some((r) => codes.includes(r.code));
      },
    }),
  },
  {
    // The app's default (the latest) for the subscription's: it shows wherever the two differ.
    id: 'version-header-of-the-app',
    requirement: 'VER-14',
    versions: (all) => all.filter((v) => v !== latest),
    hooks: () => attempt((a) => ({ ...a, headers: { ...a.headers, 'service-version': latest } })),
  },
  // Health
  {
    id: 'failures-not-recorded',
    requirement: 'HEALTH-01',
    hooks: () => ({ recordFailures: false }),
  },
  {
    id: 'successes-not-recorded',
    requirement: 'HEALTH-02',
    hooks: () => ({ recordSuccesses: false }),
  },
  {
    // HEALTH-02: lastSuccessAt is there from the subscription's creation, before any success.
    id: 'last-success-at-from-creation',
    requirement: 'HEALTH-02',
    hooks: () =>
      on('/v1/webhook.list', (a) => {
        const webhooks = body(a).webhooks;
        if (!Array.isArray(webhooks)) return undefined;
        const shown = webhooks.map((w) => ({
          lastSuccessAt: w.created ?? new Date().toISOString(),
          ...w,
        }));
        return { ...a, body: { ...body(a), webhooks: shown } };
      }),
  },
  {
    id: 'never-paused',
    requirement: 'HEALTH-03',
    hooks: () => ({ policy: { pauseAfterStreak: 10 * 86_400 } }),
  },
  {
    // The streak opens at the first failure and any later one pauses: a count, not a day.
    id: 'paused-at-the-second-failure',
    requirement: 'HEALTH-03',
    hooks: () => ({ policy: { pauseAfterStreak: 0 } }),
  },
  ...DELIVERY_PAYLOAD_FAULTS,
  ...DECLARED_SHAPE_FAULTS,
  ...EVENT_SHAPE_FAULTS,
  ...ERROR_ROW_FAULTS,
  ...STATED_ANSWER_FAULTS,
  ...MORE_STATED_ANSWER_FAULTS,
  ...JUDGED_CLAUSE_FAULTS,
  ...STATED_DELIVERY_FAULTS,
  ...IDENTITY_REDIRECT_FAULTS,
  ...TIMING_UNIT_FAULTS,
  ...STATIC_SUBSCRIPTION_FAULTS,
  ...SIGNING_APP_FAULTS,
  ...EVERY_REQUEST_FAULTS,
  ...BOUNDARY_FAULTS,
];
