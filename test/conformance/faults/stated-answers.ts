import { randomUUID } from 'node:crypto';
import type { WrittenAnswer } from '../../support/answer-rewriter.ts';
import type { Fault } from '../fault-catalogue.ts';
import { bodyOf, onPath, postTaken, sentFields } from './answers.ts';

const POST = '/v1/chat.postEphemeral';

const refusedAs = (a: WrittenAnswer, status: number, error: string): WrittenAnswer => ({
  ...a,
  status,
  body: { error },
});

/**
 * Faults of stated answers the catalogue had none for: each changes one answer a clause names
 * (its status, a field, a refusal) and nothing else.
 */
export const STATED_ANSWER_FAULTS: Fault[] = [
  {
    // AUTH-01.missing-credential-401: every call without a credential is 403, not 401.
    id: 'missing-credential-is-403',
    requirement: 'AUTH-01',
    hooks: () => ({
      answer: (a) => (bodyOf(a).error === 'not_authed' ? refusedAs(a, 403, 'not_allowed') : a),
    }),
  },
  {
    // AUTH-02.revoked-token: a revoked credential still works.
    id: 'revoked-credentials-work',
    requirement: 'AUTH-02',
    hooks: () => ({ credential: (t) => ({ ...t, revoked: false }) }),
  },
  {
    // AUTH-13.list-needs-read: the v1 list without webhook:read is answered, empty.
    id: 'list-without-read-answered',
    requirement: 'AUTH-13',
    hooks: () =>
      onPath('/v1/webhook.list', (a) =>
        a.status === 401 ? { ...a, status: 200, body: { ok: true, webhooks: [] } } : undefined,
      ),
  },
  {
    // AUTH-13.v1-subscribe-needs-write: every credential may subscribe.
    id: 'webhook-write-for-everyone',
    requirement: 'AUTH-13',
    hooks: () => ({
      credential: (t) => ({ ...t, scopes: [...new Set([...t.scopes, 'webhook:write'])] }),
    }),
  },
  {
    // SUB-01.magicast-not-subscribable: a v0 subscription to magicast.created is made.
    id: 'magicast-subscribable',
    requirement: 'SUB-01',
    hooks: () =>
      onPath('/v0/webhook.subscribe', (a, e) => {
        const sent = sentFields(e);
        if (sent.event !== 'magicast.created' || a.status !== 400) return undefined;
        const made = { id: randomUUID(), event: sent.event, url: sent.url, filter: null };
        return { ...a, status: 200, body: made };
      }),
  },
  {
    // SUB-05.removes-204: an unsubscribe answers 200 with a body.
    id: 'unsubscribe-answers-200',
    requirement: 'SUB-05',
    hooks: () =>
      onPath('/v0/webhook.unsubscribe', (a) =>
        a.status === 204 ? { ...a, status: 200, body: { ok: true } } : undefined,
      ),
  },
  {
    // SUB-07.dynamic-true: subscriptions made through subscribe are listed as static.
    id: 'dynamic-listed-as-static',
    requirement: 'SUB-07',
    hooks: () =>
      onPath('/v1/webhook.list', (a) => {
        const { webhooks } = bodyOf(a);
        if (!Array.isArray(webhooks)) return undefined;
        const listed = webhooks.map((w) => (w?.dynamic === true ? { ...w, dynamic: false } : w));
        return { ...a, body: { ...bodyOf(a), webhooks: listed } };
      }),
  },
  {
    // SUB-02.filter-updated-in-the-answer: an upsert answers the filter it replaced.
    id: 'upsert-answers-the-old-filter',
    requirement: 'SUB-02',
    hooks: () => {
      const first = new Map<string, unknown>();
      return onPath('/v0/webhook.subscribe', (a, e) => {
        const sent = sentFields(e);
        if (a.status !== 200) return undefined;
        const key = `${String(sent.event)} ${String(sent.url)}`;
        if (!first.has(key)) return void first.set(key, bodyOf(a).filter);
        return { ...a, body: { ...bodyOf(a), filter: first.get(key) } };
      });
    },
  },
  {
    // EPH-01.answers-ok-and-the-chat: a post answers without its chat.
    id: 'post-answers-without-the-chat',
    requirement: 'EPH-01',
    hooks: () =>
      onPath(POST, (a) => {
        if (a.status !== 200) return undefined;
        const { chatId: _, ...rest } = bodyOf(a);
        return { ...a, body: rest };
      }),
  },
  {
    // EPH-02.missing-text: a post without text is taken.
    id: 'post-without-text-taken',
    requirement: 'EPH-02',
    hooks: () => postTaken((sent) => sent.text === undefined),
  },
  {
    // EPH-02.longer-name-refused: a sender name over 128 characters is taken.
    id: 'sender-name-of-129-taken',
    requirement: 'EPH-02',
    hooks: () => postTaken((sent) => [...String(sent.sender?.name ?? '')].length > 128),
  },
  {
    // EPH-02.image-url-absolute-http: a sender imageUrl that is no absolute HTTP(S) URL is taken.
    id: 'relative-image-url-taken',
    requirement: 'EPH-02',
    hooks: () =>
      postTaken(
        (sent) =>
          typeof sent.sender?.imageUrl === 'string' && !/^https?:\/\//.test(sent.sender.imageUrl),
      ),
  },
];
