// service-contract/webhooks: sign, verify and parse deliveries, and receive them in Node or over
// the Fetch API. Precompiled validators only: no schema compiler, no engine.
export { signWebhook, type SignInput, type WebhookBody } from './sign.js';
export {
  verifyWebhook,
  type VerifyFailure,
  type VerifyInput,
  type VerifyResult,
} from './verify.js';
export {
  parseWebhook,
  type ParseInput,
  type ParseResult,
  type ParsedWebhook,
  type WebhookEvent,
  type WebhookPayload,
} from './parse.js';
export {
  type Unverified,
  type VerifyAndParseInput,
  verifyAndParseWebhook,
} from './verify-and-parse.js';
export { readWebhookHeaders, type WebhookHeaders } from './headers.js';
export {
  DEFAULT_MAX_BODY_BYTES,
  createNodeReceiver,
  createReceiver,
  type ReceiverOptions,
} from './receiver.js';
export { createFetchReceiver } from './fetch-receiver.js';
export { type DedupeStore, memoryDedupeStore } from './dedupe.js';
export type { DeliveryMetadata, RetryReason } from './delivery.js';
export { ENVELOPE_SINCE, type WebhookVersion } from './versions.js';
// The shared shapes: a parse or verify problem, and a receiver's answer.
export type { Diagnostic } from '../diagnostic.js';
export type { HttpAnswer } from '../http-answer.js';
