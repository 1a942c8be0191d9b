import { createHash } from 'node:crypto';
import { CHATS, USERS } from '../../../src/reference/chats.ts';
import { seedWorkspace } from '../../../src/reference/fixtures.ts';
import type { VersionRegistry } from '../../../src/versions.ts';
import type { WrittenAnswer } from '../../support/answer-rewriter.ts';
import type { Fault } from '../fault-catalogue.ts';
import type { FaultHooks } from '../fault-injection.ts';
import { fromGate } from '../fault-versions.ts';
import { EVENT_TRIGGER } from '../../../src/reference/event-trigger.ts';
import {
  type ListEntry,
  bodyOf,
  listed,
  onPath,
  retriedAsServerErrors,
  sentFields,
} from './answers.ts';
import { resigned } from './resigned.ts';

/** The one verifier the PKCE faults swap in, and its S256 challenge (RFC 7636 §4.2). */
export const VERIFIER = 'fault-verifier-'.padEnd(64, 'v');
const CHALLENGE = createHash('sha256').update(VERIFIER).digest('base64url');

/**
 * Every S256 challenge swapped for the one of VERIFIER, and each token request's verifier chosen
 * by `verifier` (from what it sent), so the reference takes what the fault decides.
 */
export const swappedVerifiers = (
  verifier: (sent: Record<string, unknown>) => string | undefined,
): FaultHooks => ({
  request: (r) => {
    if (r.path === '/oauth/authorize' && r.query.code_challenge_method === 'S256')
      return { ...r, query: { ...r.query, code_challenge: CHALLENGE } };
    const form = (r.body ?? {}) as Record<string, unknown>;
    if (r.path !== '/oauth/token' || form.grant_type !== 'authorization_code') return r;
    const { code_verifier: _, ...rest } = form;
    const chosen = verifier(form);
    return { ...r, body: chosen === undefined ? rest : { ...rest, code_verifier: chosen } };
  },
});

/** The registry with `version` given `status` (VER-05); the rest as it was. */
const withStatus = (
  registry: VersionRegistry,
  version: string,
  status: 'deprecated' | 'sunset',
): VersionRegistry => ({
  ...registry,
  versions: registry.versions.map((v) => (v.version === version ? { ...v, status } : v)),
});

/** Whether the app's bot is a member of the seeded chat `chatId`. */
const appIn = (chatId: unknown) =>
  Object.values(CHATS).some(
    (c) => c.id === chatId && (c.members as readonly string[]).includes(USERS.bot),
  );

/** The seeded public OAuth client. */
const PUBLIC_CLIENT = seedWorkspace().oauthClients.find((c) => !c.secret)!.id;

/** An answer's error code replaced by `code` where `picks` chooses it. */
const recoded = (
  path: string,
  picks: (a: WrittenAnswer, sent: Record<string, unknown>) => boolean,
  code: string,
): FaultHooks =>
  onPath(path, (a, e) =>
    picks(a, sentFields(e)) ? { ...a, body: { ...bodyOf(a), error: code } } : undefined,
  );

/**
 * Faults of judged clauses the catalogue had none for, one each, named in the clause map
 * (src/conformance/clauses/): each breaks what its clause says and nothing else it can avoid.
 */
export const JUDGED_CLAUSE_FAULTS: Fault[] = [
  {
    // VER-02.header-first: the credential's pin wins over the Service-Version header.
    id: 'pin-over-the-header',
    requirement: 'VER-02',
    hooks: () => ({
      answer: (a, e) => {
        const pin = (e.request?.token as { pin?: string } | undefined)?.pin;
        if (!pin || !e.headers['service-version']) return a;
        return { ...a, headers: { ...a.headers, 'Service-Version': pin } };
      },
    }),
  },
  {
    // VER-04.unsupported-refused: an unsupported version is answered as the latest.
    id: 'unsupported-version-served',
    requirement: 'VER-04',
    hooks: () => ({
      answer: (a) =>
        a.status === 400 && Array.isArray(bodyOf(a).supportedVersions)
          ? { ...a, status: 200, body: { ok: true, webhooks: [] } }
          : a,
    }),
  },
  {
    // AUTH-02.unknown-token-invalid-token: an unknown credential is refused with another code.
    id: 'unknown-token-other-code',
    requirement: 'AUTH-02',
    hooks: () => ({
      answer: (a) =>
        a.status === 401 && bodyOf(a).error === 'invalid_token'
          ? { ...a, body: { ...bodyOf(a), error: 'invalid_auth' } }
          : a,
    }),
  },
  {
    // AUTH-04.public-verifier: a public client's code is exchanged without any verifier.
    id: 'public-client-without-verifier-taken',
    requirement: 'AUTH-04',
    hooks: () =>
      swappedVerifiers((sent) =>
        sent.code_verifier !== undefined || sent.client_id === PUBLIC_CLIENT ? VERIFIER : undefined,
      ),
  },
  {
    // AUTH-04.invalid-client-code: a client refused by HTTP Basic gets 400, not 401.
    id: 'basic-refusal-is-400',
    requirement: 'AUTH-04',
    hooks: () =>
      onPath('/oauth/token', (a, e) =>
        a.status === 401 && /^Basic /i.test(String(e.headers.authorization ?? ''))
          ? { ...a, status: 400 }
          : undefined,
      ),
  },
  {
    // SUB-09.refused-as-invalid-parameter: a refused v1 filter is named otherwise.
    id: 'filter-refusal-invalid-filter',
    requirement: 'SUB-09',
    hooks: () =>
      recoded(
        '/v1/webhook.subscribe',
        (a, sent) => a.status === 400 && sent.filter !== undefined,
        'invalid_filter',
      ),
  },
  {
    // SUB-09.values-outside-the-lists: a chatType outside dm and group is taken.
    id: 'chat-type-outside-the-list-taken',
    requirement: 'SUB-09',
    hooks: () =>
      onPath('/v1/webhook.subscribe', (a, e) =>
        a.status === 400 && (sentFields(e).filter as { chatType?: unknown })?.chatType === 'channel'
          ? { ...a, status: 200, body: { ok: true } }
          : undefined,
      ),
  },
  {
    // DLV-06.redirect-not-followed: a 3xx is retried, as a server error is.
    id: 'redirects-retried',
    requirement: 'DLV-06',
    hooks: () => retriedAsServerErrors(300, 400),
  },
  {
    // DLV-08.reason-transport: a late answer's retry gives 5xx as its reason.
    id: 'late-answer-reason-5xx',
    requirement: 'DLV-08',
    hooks: () => ({
      attempt: (a) =>
        a.headers['service-retry-reason'] === 'transport'
          ? { ...a, headers: { ...a.headers, 'service-retry-reason': 'http_5xx' } }
          : a,
    }),
  },
  {
    // HEALTH-03.nothing-delivered-while-paused: a paused subscription is still delivered to.
    id: 'paused-still-delivered',
    requirement: 'HEALTH-03',
    hooks: () => ({
      routes: (active, all) => [...active, ...all.filter((s) => s.disabledAt !== null)],
    }),
  },
  {
    // HEALTH-04.v0-never-paused: a v0 subscription failing as long as pauses a v1 one is dropped.
    id: 'v0-paused-too',
    requirement: 'HEALTH-04',
    hooks: () => ({
      routes: (active, all, pauseAfterMs) => {
        const pausedSince = Date.now() - pauseAfterMs;
        const paused = new Set(
          all
            .filter((s) => s.generation === 'v0' && s.failStreakStartedAt !== null)
            .filter((s) => Date.parse(s.failStreakStartedAt!) <= pausedSince)
            .map((s) => s.id),
        );
        return active.filter((r) => !paused.has(r.id));
      },
    }),
  },
  {
    // DLV-11.per-message: reaction changes are coalesced per chat, so one message's hide another's.
    id: 'reactions-debounced-per-chat',
    requirement: 'DLV-11',
    hooks: () => ({ debounceKey: (_, key) => key?.replace(/\/[^/]*$/, '') }),
  },
  {
    // DLV-11.latest-full-set: the coalesced delivery carries its message's first set, not the last.
    id: 'first-reaction-set-delivered',
    requirement: 'DLV-11',
    hooks: () => {
      const first = new Map<string, unknown>();
      const messageOf = (payload: any) => payload?.data?.messageId ?? payload?.messageId;
      return {
        ...onPath(EVENT_TRIGGER, (a, e) => {
          const data = (sentFields(e) as { data?: { reactions?: unknown } }).data;
          const message = messageOf({ data });
          if (message !== undefined && data?.reactions && !first.has(String(message)))
            first.set(String(message), data.reactions);
          return undefined;
        }),
        attempt: (a) => {
          const payload = JSON.parse(a.body);
          const message = messageOf(payload);
          if (message === undefined || !first.has(String(message))) return a;
          const target = payload.data?.reactions ? payload.data : payload;
          target.reactions = first.get(String(message));
          return resigned(a, { body: JSON.stringify(payload) });
        },
      };
    },
  },
  {
    // VER-10.principals-stay: a person's mention is rendered `@uuid`, not `<@uuid>`.
    id: 'principals-unbracketed',
    requirement: 'VER-10',
    versions: (all) => [...all],
    hooks: () => ({
      attempt: (a) => {
        const person = /<@([0-9a-f]{8}-[0-9a-f-]{27})>$/;
        const payload = JSON.parse(a.body);
        const target = payload.data?.text !== undefined ? payload.data : payload;
        if (typeof target.text !== 'string' || !person.test(target.text)) return a;
        target.text = target.text.replace(person, '@$1');
        return resigned(a, { body: JSON.stringify(payload) });
      },
    }),
  },
  {
    // VER-11.mention-reaches-non-member: a mention-only subscription does not hear a mention in a
    // channel without the app.
    id: 'mentions-outside-membership-unheard',
    requirement: 'VER-11',
    versions: fromGate('membership'),
    hooks: () => ({
      hears: (heard, event, _, filter) =>
        heard && !(filter?.mention === true && !appIn(event.context?.chatId)),
    }),
  },
  {
    // VER-12.legacy-paths-hosted: a legacy avatar path on the service's host is refused at the gate.
    id: 'legacy-avatar-paths-refused',
    requirement: 'VER-12',
    versions: fromGate('avatar-gate'),
    hooks: () =>
      onPath('/v1/chat.postEphemeral', (a, e) => {
        const image = (sentFields(e).sender as { imageUrl?: unknown } | undefined)?.imageUrl;
        return a.status === 200 && /\/(card-images|photos\/people)\//.test(String(image))
          ? { ...a, status: 400, body: { ok: false, error: 'invalid_parameter' } }
          : undefined;
      }),
  },
  {
    // SUB-06.unsubscribe-organization-only: v0 unsubscribe takes a personal token.
    id: 'v0-unsubscribe-by-personal-token',
    requirement: 'SUB-06',
    hooks: () =>
      onPath('/v0/webhook.unsubscribe', (a, e) =>
        a.status >= 400 && /^Bearer pat-/.test(String(e.headers.authorization ?? ''))
          ? { ...a, status: 200, body: {} }
          : undefined,
      ),
  },
  {
    // SUB-07.gone-after-unsubscribe: a removed v1 subscription is still listed.
    id: 'unsubscribed-still-listed',
    requirement: 'SUB-07',
    hooks: () => {
      const seen = new Map<string, ListEntry>();
      const removed = new Set<string>();
      const keepRemoved = listed((entries) => {
        for (const w of entries) seen.set(String(w.id), w);
        const kept = [...removed].filter((id) => seen.has(id) && !entries.some((w) => w.id === id));
        return [...entries, ...kept.map((id) => seen.get(id)!)];
      });
      return {
        answer: (a, e) => {
          if (e.path === '/v1/webhook.unsubscribe' && a.status < 300)
            removed.add(String(sentFields(e).id));
          return keepRemoved(a, e);
        },
      };
    },
  },
  {
    // SUB-10.message-level-gate: a v0 codes filter is kept in the answer but gates nothing.
    id: 'codes-filter-ignored',
    requirement: 'SUB-10',
    hooks: () => {
      const codes = (sent: { filter?: { codes?: unknown } }) => sent.filter?.codes !== undefined;
      return {
        request: (r) => {
          const sent = (r.body ?? {}) as { filter?: { codes?: unknown } };
          if (r.path !== '/webhook.subscribe' || r.generation !== 'v0' || !codes(sent)) return r;
          return { ...r, body: { ...sent, filter: null } };
        },
        ...onPath('/v0/webhook.subscribe', (a, e) => {
          const sent = sentFields(e) as { filter?: unknown };
          return a.status === 200 && codes(sent as never)
            ? { ...a, body: { ...bodyOf(a), filter: sent.filter } }
            : undefined;
        }),
      };
    },
  },
  {
    // VER-05.deprecation-headers: the latest version is deprecated, and its answers do not say so.
    id: 'deprecated-without-headers',
    requirement: 'VER-05',
    hooks: () => ({
      registry: (r) => withStatus(r, r.latest, 'deprecated'),
      answer: (a) => {
        const { Deprecation: _, Sunset: __, deprecation: ___, sunset: ____, ...rest } = a.headers;
        return { ...a, headers: rest };
      },
    }),
  },
  {
    // VER-05.sunset-410: the baseline is past its sunset, and still answered.
    id: 'sunset-version-served',
    requirement: 'VER-05',
    versions: (all) => [all[0]!],
    hooks: () => ({
      registry: (r) => withStatus(r, r.baseline, 'sunset'),
      answer: (a) =>
        a.status === 410 ? { ...a, status: 200, body: { ok: true, webhooks: [] } } : a,
    }),
  },
  {
    // SUB-09.rejected-makes-nothing: a refused v1 filter is answered 400, yet its subscription is
    // made without the filter.
    id: 'refused-filter-made-anyway',
    requirement: 'SUB-09',
    hooks: () =>
      onPath('/v1/webhook.subscribe', (a, e) => {
        const sent = sentFields(e) as { event?: unknown; url?: unknown; filter?: unknown };
        if (a.status !== 400 || sent.filter === undefined || typeof sent.url !== 'string')
          return undefined;
        e.subscribe({ generation: 'v1', event: String(sent.event), url: sent.url, filter: null });
        return undefined;
      }),
  },
];
