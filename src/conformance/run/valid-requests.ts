import type { CallInput, CheckContext } from './context.js';
import { CHAT_SCOPES, type Need } from './needs.js';

/** A request to one operation, valid in all but what a check changes, and what it needs. */
export interface ValidRequest {
  /** The operation as the profile's `implements` names it. */
  operation: string;
  /** The scopes a credential needs for it to be taken. */
  need: Pick<Need, 'scopes' | 'oneOf'>;
  /** The request; `label` (the check's id) marks what it may create. */
  request: (context: CheckContext, label: string) => CallInput;
}

/**
 * Every operation of the API with a request valid but for what a check leaves out or breaks (its
 * credential, AUTH-01; its version, VER-04), so that is the one thing to refuse: an
 * implementation that reads the body first has nothing else to refuse.
 */
export const VALID_REQUESTS: readonly ValidRequest[] = [
  {
    operation: 'v1 get /webhook.list',
    need: { scopes: ['webhook:read'] },
    request: () => ({ path: '/v1/webhook.list' }),
  },
  {
    operation: 'v1 post /webhook.subscribe',
    need: { scopes: ['webhook:write'] },
    request: (_, label) => ({
      path: '/v1/webhook.subscribe',
      method: 'POST',
      json: { url: `https://hooks.example.com/${label}`, event: 'meeting.ended' },
    }),
  },
  {
    operation: 'v1 post /webhook.unsubscribe',
    need: { scopes: ['webhook:write'] },
    request: (_, label) => ({
      path: '/v1/webhook.unsubscribe',
      method: 'POST',
      json: { id: `x_${label}` },
    }),
  },
  {
    operation: 'v1 post /chat.postEphemeral',
    need: { oneOf: CHAT_SCOPES },
    request: ({ profile: { fixtures } }, label) => ({
      path: '/v1/chat.postEphemeral',
      method: 'POST',
      json: {
        chatId: fixtures.chats.channel ?? fixtures.chats.dm ?? `C-${label}`,
        userId: fixtures.users.member,
        text: label,
      },
    }),
  },
  { operation: 'v1 get /token.info', need: {}, request: () => ({ path: '/v1/token.info' }) },
  {
    operation: 'v1 post /token.revoke',
    need: {},
    request: () => ({ path: '/v1/token.revoke', method: 'POST' }),
  },
  {
    operation: 'v0 post /webhook.subscribe',
    need: { scopes: ['webhook:write'] },
    request: (_, label) => ({
      path: '/v0/webhook.subscribe',
      method: 'POST',
      json: { url: `https://hooks.example.com/${label}`, event: 'transcript:started' },
    }),
  },
  {
    operation: 'v0 post /webhook.unsubscribe',
    need: { scopes: ['webhook:write'] },
    request: () => ({
      path: '/v0/webhook.unsubscribe',
      method: 'POST',
      form: { id: '00000000-0000-4000-8000-000000000001' },
    }),
  },
];
