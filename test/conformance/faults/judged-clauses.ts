import { createHash } from 'node:crypto';
import { seedWorkspace } from '../../../src/reference/fixtures.ts';
import type { WrittenAnswer } from '../../support/answer-rewriter.ts';
import type { Fault } from '../fault-catalogue.ts';
import type { FaultHooks } from '../fault-injection.ts';
import { bodyOf, onPath, sentFields } from './answers.ts';

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
    hooks: () => ({
      outcome: (o) =>
        o.kind === 'rejected' && o.status >= 300 && o.status < 400
          ? { kind: 'retryable', reason: 'http_5xx', status: o.status }
          : o,
    }),
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
];
