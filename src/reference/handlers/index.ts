import { authAuthorize } from './auth-authorize.js';
import { authMetadata } from './auth-metadata.js';
import { authToken } from './auth-token.js';
import type { Handler } from './handler.js';
import { v0WebhookSubscribe } from './v0-webhook-subscribe.js';
import { v0WebhookUnsubscribe } from './v0-webhook-unsubscribe.js';
import { v1ChatPostEphemeral } from './v1-chat-post-ephemeral.js';
import { v1TokenInfo } from './v1-token-info.js';
import { v1TokenRevoke } from './v1-token-revoke.js';
import { v1WebhookList } from './v1-webhook-list.js';
import { v1WebhookSubscribe } from './v1-webhook-subscribe.js';
import { v1WebhookUnsubscribe } from './v1-webhook-unsubscribe.js';

/**
 * The operations the reference server implements, by generation, method and path. An operation of
 * the documents missing here answers 501, so a gap is visible rather than faked.
 */
export const HANDLERS: Record<string, Handler> = {
  'v0 post /webhook.subscribe': v0WebhookSubscribe,
  'v0 post /webhook.unsubscribe': v0WebhookUnsubscribe,
  'v1 get /webhook.list': v1WebhookList,
  'v1 post /webhook.subscribe': v1WebhookSubscribe,
  'v1 post /webhook.unsubscribe': v1WebhookUnsubscribe,
  'v1 post /chat.postEphemeral': v1ChatPostEphemeral,
  'v1 get /token.info': v1TokenInfo,
  'v1 post /token.revoke': v1TokenRevoke,
  'auth get /oauth/authorize': authAuthorize,
  'auth post /oauth/token': authToken,
  'auth get /.well-known/oauth-authorization-server': authMetadata,
};
