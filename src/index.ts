// The public API of the toolkit: everything a user imports comes from here.
export * from './client/index.ts';
export * from './oauth/index.ts';
export { signWebhook, type SignInput, type WebhookBody } from './webhooks/sign.ts';
export { verifyWebhook, type VerifyFailure, type VerifyInput, type VerifyResult } from './webhooks/verify.ts';
export { parseWebhook, type ParseInput, type ParseResult, type ParsedWebhook, type WebhookDiagnostic, type WebhookEvent, type WebhookPayload } from './webhooks/parse.ts';
export { type Unverified, type VerifyAndParseInput, verifyAndParseWebhook } from './webhooks/verify-and-parse.ts';
export { readWebhookHeaders, type WebhookHeaders } from './webhooks/headers.ts';
export { createFetchReceiver, createNodeReceiver, createReceiver, type ReceiverAnswer, type ReceiverOptions } from './webhooks/receiver.ts';
export { type DedupeStore, memoryDedupeStore } from './webhooks/dedupe.ts';
export type { DeliveryMetadata, RetryReason } from './webhooks/delivery.ts';
export { ENVELOPE_SINCE, type WebhookVersion } from './webhooks/versions.ts';
export { type VersionEntry, type VersionRegistry, listVersions, loadVersionRegistry } from './versions.ts';
export type { DatedVersion, DocumentTypes } from '../generated/types/index.ts';
