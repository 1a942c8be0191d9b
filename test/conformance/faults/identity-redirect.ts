import { createHash } from 'node:crypto';
import { seedWorkspace } from '../../../src/reference/fixtures.ts';
import type { Fault } from '../fault-catalogue.ts';
import { fromGate } from '../fault-versions.ts';
import type { FaultHooks, OutgoingAttempt } from '../fault-injection.ts';
import { resigned } from './resigned.ts';

/** The client's registered redirect URI in the seeded workspace. */
const REGISTERED = new URL(seedWorkspace().oauthClients[0]!.redirectUris[0]!);
/** The seeded public client: no secret. */
const PUBLIC_CLIENT = seedWorkspace().oauthClients.find((c) => !c.secret)!.id;
/** An `S256` challenge (RFC 7636 §4.2) of a verifier nobody holds. */
const FOREIGN_CHALLENGE = createHash('sha256').update('v'.repeat(43)).digest('base64url');

/** `a` with the envelope's `eventId` set to what `change` makes of it, signed again. */
function withEventId(a: OutgoingAttempt, change: (eventId: string) => string): OutgoingAttempt {
  const payload = JSON.parse(a.body);
  if (typeof payload?.eventId !== 'string') return a;
  payload.eventId = change(payload.eventId);
  return resigned(a, { body: JSON.stringify(payload) });
}

/** The consent redirect with its Location changed by `change`, when it goes to the registered URI. */
function redirectingElsewhere(change: (location: URL) => void): FaultHooks {
  return {
    answer: (answer, exchange) => {
      const location = answer.headers.location;
      if (exchange.path !== '/oauth/consent' || typeof location !== 'string') return answer;
      const url = new URL(location);
      if (url.origin !== REGISTERED.origin || url.pathname !== REGISTERED.pathname) return answer;
      change(url);
      return { ...answer, headers: { ...answer.headers, location: url.toString() } };
    },
  };
}

/** An authorize request whose redirect_uri differs from the registered one only by `differs`. */
function acceptingAltered(differs: (uri: URL) => boolean): FaultHooks {
  return {
    request: (r) => {
      const asked = r.path === '/oauth/authorize' ? r.query.redirect_uri : undefined;
      if (!asked || !URL.canParse(asked) || !differs(new URL(asked))) return r;
      return { ...r, query: { ...r.query, redirect_uri: REGISTERED.toString() } };
    },
  };
}

/** Faults of this family of rules; listed in FAULTS by fault-catalogue.ts. */
export const IDENTITY_REDIRECT_FAULTS: Fault[] = [
  {
    // A retry signed under a fresh id: the receiver cannot tell it from a new delivery.
    id: 'new-webhook-id-on-retry',
    requirement: 'DLV-04',
    hooks: () => ({
      attempt: (a) =>
        a.number > 1
          ? resigned(a, {
              headers: { 'webhook-id': `msg_retry_${a.number}_${a.headers['webhook-id']}` },
            })
          : a,
    }),
  },
  {
    id: 'new-event-id-on-retry',
    requirement: 'VER-08',
    versions: fromGate('envelope'),
    hooks: () => ({
      attempt: (a) => (a.number > 1 ? withEventId(a, (id) => `${id}_retry_${a.number}`) : a),
    }),
  },
  {
    id: 'one-event-id-for-every-event',
    requirement: 'VER-08',
    versions: fromGate('envelope'),
    hooks: () => ({ attempt: (a) => withEventId(a, () => 'evt_always_the_same') }),
  },
  {
    // One event to two subscriptions under one webhook-id: two deliveries a receiver dedupes as one.
    id: 'webhook-id-per-event-not-per-delivery',
    requirement: 'DLV-04',
    hooks: () => ({
      attempt: (a) => {
        const eventId = JSON.parse(a.body)?.eventId;
        return typeof eventId === 'string'
          ? resigned(a, { headers: { 'webhook-id': `msg_${eventId}` } })
          : a;
      },
    }),
  },
  {
    id: 'redirect-to-another-port',
    requirement: 'AUTH-05',
    hooks: () => redirectingElsewhere((u) => (u.port = String(Number(u.port || 80) + 1))),
  },
  {
    id: 'redirect-to-another-path',
    requirement: 'AUTH-05',
    hooks: () => redirectingElsewhere((u) => (u.pathname = `${u.pathname}/elsewhere`)),
  },
  {
    id: 'redirect-uri-port-ignored',
    requirement: 'AUTH-05',
    hooks: () =>
      acceptingAltered(
        (u) =>
          u.port !== REGISTERED.port &&
          u.protocol === REGISTERED.protocol &&
          u.hostname === REGISTERED.hostname &&
          u.pathname === REGISTERED.pathname,
      ),
  },
  {
    id: 'redirect-uri-scheme-ignored',
    requirement: 'AUTH-05',
    hooks: () =>
      acceptingAltered(
        (u) =>
          u.protocol !== REGISTERED.protocol &&
          u.host === REGISTERED.host &&
          u.pathname === REGISTERED.pathname,
      ),
  },
  {
    id: 'redirect-uri-path-prefix-of-segments',
    requirement: 'AUTH-05',
    hooks: () =>
      acceptingAltered(
        (u) =>
          u.origin === REGISTERED.origin &&
          u.pathname.startsWith(`${REGISTERED.pathname}/`) &&
          u.pathname !== `${REGISTERED.pathname}/`,
      ),
  },
  {
    // RFC 6749 §4.1.2.1 forbids it: a refusal of an unregistered redirect_uri redirected to it.
    id: 'unregistered-redirect-uri-gets-error-redirect',
    requirement: 'AUTH-05',
    hooks: () => ({
      answer: (answer, { path, request }) => {
        const uri = path === '/oauth/authorize' ? request?.query.redirect_uri : undefined;
        if (answer.status !== 400 || !uri || !URL.canParse(uri)) return answer;
        const location = new URL(uri);
        location.searchParams.set('error', 'invalid_request');
        location.searchParams.set('state', request!.query.state ?? '');
        return { status: 302, headers: { location: location.toString() }, body: undefined };
      },
    }),
  },
  {
    id: 'state-dropped-on-consent',
    requirement: 'AUTH-05',
    hooks: () => redirectingElsewhere((u) => u.searchParams.delete('state')),
  },
  {
    // AUTH-05: the state echoed into the redirect as it came, not URL-encoded.
    id: 'state-echoed-unencoded',
    requirement: 'AUTH-05',
    hooks: () => ({
      answer: (answer, exchange) => {
        const location = answer.headers.location;
        if (exchange.path !== '/oauth/consent' || typeof location !== 'string') return answer;
        const url = new URL(location);
        const state = url.searchParams.get('state');
        if (state === null || url.origin !== REGISTERED.origin) return answer;
        url.searchParams.delete('state');
        const raw = `${url.toString()}${url.search ? '&' : '?'}state=${state}`;
        return { ...answer, headers: { ...answer.headers, location: raw } };
      },
    }),
  },
  {
    // AUTH-05: `response_type=token` served as `code`.
    id: 'response-type-token-served',
    requirement: 'AUTH-05',
    hooks: () => ({
      request: (r) =>
        r.path === '/oauth/authorize' && r.query.response_type === 'token'
          ? { ...r, query: { ...r.query, response_type: 'code' } }
          : r,
    }),
  },
  {
    // AUTH-06: a public client without a code_challenge gets a code all the same.
    id: 'public-client-without-challenge-served',
    requirement: 'AUTH-06',
    hooks: () => ({
      request: (r) =>
        r.path === '/oauth/authorize' &&
        r.query.client_id === PUBLIC_CLIENT &&
        r.query.code_challenge === undefined
          ? {
              ...r,
              query: {
                ...r.query,
                code_challenge: FOREIGN_CHALLENGE,
                code_challenge_method: 'S256',
              },
            }
          : r,
    }),
  },
  {
    // AUTH-05.redirect-host-exact: a redirect_uri on another host is taken for the registered one.
    id: 'redirect-host-ignored',
    requirement: 'AUTH-05',
    hooks: () => acceptingAltered((uri) => uri.hostname !== REGISTERED.hostname),
  },
  {
    // AUTH-05.client-id-required: an authorize request without client_id is taken as the public
    // client's.
    id: 'authorize-without-client-id-taken',
    requirement: 'AUTH-05',
    hooks: () => ({
      request: (r) =>
        r.path === '/oauth/authorize' && r.query.client_id === undefined
          ? { ...r, query: { ...r.query, client_id: PUBLIC_CLIENT } }
          : r,
    }),
  },
];
