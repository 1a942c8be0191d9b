import { randomUUID } from 'node:crypto';
import type { Fault } from '../fault-catalogue.ts';
import type { EphemeralHub } from '../../../src/reference/ephemeral-hub.ts';
import type { FaultHooks } from '../fault-injection.ts';
import { bodyOf, onPath, postTaken, sentFields } from './answers.ts';
import { VERIFIER, swappedVerifiers } from './judged-clauses.ts';

const POST = '/v1/chat.postEphemeral';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A post `picks` chooses, taken, answered as refused for an invalid parameter. */
const postRefused = (picks: (sent: Record<string, any>) => boolean): FaultHooks =>
  onPath(POST, (a, e) =>
    a.status === 200 && picks(sentFields(e) as Record<string, any>)
      ? { ...a, status: 400, body: { ok: false, error: 'invalid_parameter' } }
      : undefined,
  );

/** A token response of `grantType` changed by `change`. */
const tokens = (grantType: string, change: (body: Record<string, any>) => Record<string, any>) =>
  onPath('/oauth/token', (a, e) =>
    a.status === 200 && sentFields(e).grant_type === grantType
      ? { ...a, body: change(bodyOf(a)) }
      : undefined,
  );

/** The hub with its deliveries made by `deliver`: its connections and counts are its own. */
const delivering = (hub: EphemeralHub, deliver: EphemeralHub['deliver']): EphemeralHub => ({
  connect: hub.connect,
  deliver,
  get users() {
    return hub.users;
  },
  get streams() {
    return hub.streams;
  },
});

/** More faults of stated answers, one each for a clause the catalogue had none for. */
export const MORE_STATED_ANSWER_FAULTS: Fault[] = [
  {
    // AUTH-07.fields: the code exchange answers no refresh_token.
    id: 'code-exchange-without-refresh-token',
    requirement: 'AUTH-07',
    hooks: () => tokens('authorization_code', ({ refresh_token: _, ...rest }) => rest),
  },
  {
    // AUTH-08.within-the-grant: a refresh grants a scope the grant did not have.
    id: 'refresh-grants-more',
    requirement: 'AUTH-08',
    hooks: () =>
      tokens('refresh_token', (body) => ({ ...body, scope: `${body.scope} magicast:read` })),
  },
  {
    // SUB-03.https-outside-local: a plain-HTTP URL outside local environments is subscribed.
    id: 'plain-http-taken-outside-local',
    requirement: 'SUB-03',
    hooks: () =>
      onPath('/v0/webhook.subscribe', (a, e) => {
        const sent = sentFields(e);
        if (a.status !== 400 || !String(sent.url).startsWith('http://')) return undefined;
        const made = { id: randomUUID(), event: sent.event, url: sent.url, filter: null };
        return { ...a, status: 200, body: made };
      }),
  },
  {
    // SUB-05.form-encoded: unsubscribe refuses its form, taking JSON only.
    id: 'form-unsubscribe-refused',
    requirement: 'SUB-05',
    hooks: () =>
      onPath('/v0/webhook.unsubscribe', (a, e) =>
        String(e.request?.headers['content-type'] ?? '').includes('x-www-form-urlencoded')
          ? { ...a, status: 415, body: { error: 'invalid_parameter' } }
          : undefined,
      ),
  },
  {
    // EPH-01.thread-not-validated: a threadTimestamp is held to an existing thread.
    id: 'thread-timestamp-validated',
    requirement: 'EPH-01',
    hooks: () => postRefused((sent) => sent.threadTimestamp !== undefined),
  },
  {
    // EPH-02.ids-are-uuids: a chatId or userId that is no UUID is taken.
    id: 'ids-that-are-no-uuids-taken',
    requirement: 'EPH-02',
    hooks: () =>
      postTaken((sent) => !UUID.test(String(sent.chatId)) || !UUID.test(String(sent.userId))),
  },
  {
    // EPH-06.root-ids-taken: an empty or `_` sender.id is refused, not the root identity.
    id: 'root-sender-ids-refused',
    requirement: 'EPH-06',
    hooks: () => postRefused((sent) => sent.sender?.id === '' || sent.sender?.id === '_'),
  },
  {
    // AUTH-06.optional-for-confidential: a code exchanged without a code_verifier is refused,
    // a confidential client's too.
    id: 'pkce-demanded-of-confidential',
    requirement: 'AUTH-06',
    hooks: () =>
      onPath('/oauth/token', (a, e) => {
        const sent = sentFields(e);
        if (sent.grant_type !== 'authorization_code' || sent.code_verifier) return undefined;
        return { ...a, status: 400, body: { error: 'invalid_request' } };
      }),
  },
  {
    // AUTH-06.verifier-must-match: every S256 challenge and every verifier sent is swapped for
    // one pair, so any verifier matches.
    id: 'any-verifier-accepted',
    requirement: 'AUTH-06',
    hooks: () => swappedVerifiers((sent) => (sent.code_verifier ? VERIFIER : undefined)),
  },
  {
    // EPH-05.at-most-once: every ephemeral message is pushed to each connected client twice.
    id: 'ephemeral-pushed-twice',
    requirement: 'EPH-05',
    hooks: () => ({
      hub: (hub) =>
        delivering(
          hub,
          (user, message) => (hub.deliver(user, message), hub.deliver(user, message)),
        ),
    }),
  },
  {
    // EPH-05.live-to-the-recipient: ephemeral messages are answered 200 and pushed to nobody.
    id: 'ephemeral-never-pushed',
    requirement: 'EPH-05',
    hooks: () => ({ hub: (hub) => delivering(hub, () => 0) }),
  },
];
