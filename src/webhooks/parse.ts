import type { ErrorObject } from 'ajv';
import type { DocumentTypes } from '../../generated/types/index.js';
import { type DeliveryMetadata, deliveryOf, retryHeaderProblems } from './delivery.js';
import { type HeaderSource, type WebhookHeaders, readWebhookHeaders } from './headers.js';
import type { WebhookBody } from './sign.js';
import { webhookValidator, webhookValidators } from './validators.js';
import { type WebhookVersion, isEnveloped } from './versions.js';

/** Why a delivery could not be parsed; `requirement` names the rule where one applies. */
export interface WebhookDiagnostic {
  code:
    | 'unknown_version'
    | 'invalid_json'
    | 'missing_event'
    | 'unknown_event'
    | 'event_mismatch'
    | 'version_mismatch'
    | 'retry_headers'
    | 'invalid_payload';
  message: string;
  /** JSON Pointer into the payload, for `invalid_payload`. */
  path?: string;
  requirement?: string;
}

type Webhooks<V extends WebhookVersion> = DocumentTypes[V]['webhooks'];
type PayloadOf<W> = W extends {
  post: { requestBody: { content: { 'application/json': infer P } } };
}
  ? P
  : never;

/** The events of a version, by name. */
export type WebhookEvent<V extends WebhookVersion> = keyof Webhooks<V> & string;
/** The payload of one event in one version, as that version's document describes it. */
export type WebhookPayload<V extends WebhookVersion, E extends WebhookEvent<V>> = PayloadOf<
  Webhooks<V>[E]
>;

/** A parsed delivery: discriminate on `event` to get its payload's type. */
export type ParsedWebhook<V extends WebhookVersion> = {
  [E in WebhookEvent<V>]: {
    ok: true;
    version: V;
    event: E;
    payload: WebhookPayload<V, E>;
    delivery: DeliveryMetadata;
  };
}[WebhookEvent<V>];

export type ParseResult<V extends WebhookVersion> =
  ParsedWebhook<V> | { ok: false; diagnostics: WebhookDiagnostic[]; delivery: DeliveryMetadata };

export interface ParseInput<V extends WebhookVersion> {
  version: V;
  /** Needed where the payload does not name its event: v0 and the bare v1 baseline (VER-08). */
  event?: string;
  body: WebhookBody | unknown;
  headers?: HeaderSource;
}

/**
 * Validates a delivery against its version's payload schema with the precompiled validators and
 * returns the typed payload, or every problem found. Never throws. Does not verify the signature:
 * call `verifyWebhook` first, or use the receiver, which does both.
 */
export function parseWebhook<V extends WebhookVersion>(input: ParseInput<V>): ParseResult<V> {
  return parseReadHeaders(input, readWebhookHeaders(input.headers ?? NO_HEADERS));
}

/** `parseWebhook` for headers already read: a receiver reads them once for verifying and parsing. */
export function parseReadHeaders<V extends WebhookVersion>(
  input: Omit<ParseInput<V>, 'headers'>,
  headers: WebhookHeaders,
): ParseResult<V> {
  const delivery = deliveryOf(headers);
  if (!webhookValidators(input.version))
    return failed(delivery, [
      {
        code: 'unknown_version',
        message: `no contract for version "${String(input.version)}"`,
        requirement: 'VER-01',
      },
    ]);

  const payload = decode(input.body);
  if (payload instanceof Undecodable)
    return failed(delivery, [
      {
        code: 'invalid_json',
        message: `the body is not JSON: ${payload.message}`,
        requirement: 'DLV-01',
      },
    ]);

  const diagnostics: WebhookDiagnostic[] = [];
  for (const message of retryHeaderProblems(headers, delivery) ?? [])
    diagnostics.push({ code: 'retry_headers', message, requirement: 'DLV-05' });
  if (
    input.version !== 'v0' &&
    delivery.serviceVersion !== undefined &&
    delivery.serviceVersion !== input.version
  ) {
    diagnostics.push({
      code: 'version_mismatch',
      message: `Service-Version is ${delivery.serviceVersion}, expected ${input.version}`,
      requirement: 'VER-14',
    });
  }
  const event = eventOf(input, payload, diagnostics);
  if (event === undefined) return failed(delivery, diagnostics);
  // Event names come from the delivery: looked up among the version's own events only, so
  // `constructor` or `hasOwnProperty` is an unknown event, not a function of Object.prototype.
  const validate = webhookValidator(input.version, event);
  if (!validate)
    return failed(delivery, [
      ...diagnostics,
      {
        code: 'unknown_event',
        message: `version ${input.version} has no event "${event}"`,
        requirement: 'DLV-12',
      },
    ]);
  if (!validate(payload)) diagnostics.push(...(validate.errors ?? []).map(toDiagnostic));
  if (diagnostics.length) return failed(delivery, diagnostics);
  return {
    ok: true,
    version: input.version,
    event,
    payload,
    delivery,
  } as unknown as ParsedWebhook<V>;
}

const NO_HEADERS: HeaderSource = Object.freeze({});

function failed(delivery: DeliveryMetadata, diagnostics: WebhookDiagnostic[]) {
  return { ok: false as const, diagnostics, delivery };
}

/** A body that is not JSON; a class of this module, so no parsed body can pass for one. */
class Undecodable {
  constructor(readonly message: string) {}
}

function decode(body: unknown): unknown {
  if (typeof body !== 'string' && !(body instanceof Uint8Array)) return body;
  try {
    return JSON.parse(
      typeof body === 'string'
        ? body
        : Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8'),
    );
  } catch (error) {
    return new Undecodable(error instanceof Error ? error.message : 'it cannot be parsed');
  }
}

function eventOf(
  input: Omit<ParseInput<WebhookVersion>, 'headers'>,
  payload: unknown,
  diagnostics: WebhookDiagnostic[],
): string | undefined {
  if (input.event !== undefined && typeof input.event !== 'string') {
    diagnostics.push({
      code: 'unknown_event',
      message: 'the event to expect must be given as a string',
      requirement: 'DLV-12',
    });
    return undefined;
  }
  if (!isEnveloped(input.version)) {
    if (input.event) return input.event;
    diagnostics.push({
      code: 'missing_event',
      message: `version ${input.version} payloads do not name their event: pass it`,
      requirement: 'VER-08',
    });
    return undefined;
  }
  const type =
    typeof payload === 'object' && payload !== null && Object.hasOwn(payload, 'type')
      ? (payload as { type: unknown }).type
      : undefined;
  if (typeof type !== 'string') {
    diagnostics.push({
      code: 'invalid_payload',
      message: 'an enveloped payload names its event in `type`',
      path: '/type',
      requirement: 'VER-08',
    });
    return undefined;
  }
  if (input.event && input.event !== type) {
    diagnostics.push({
      code: 'event_mismatch',
      message: `expected event "${input.event}", the payload says "${type}"`,
      requirement: 'VER-08',
    });
  }
  return type;
}

function toDiagnostic(error: ErrorObject): WebhookDiagnostic {
  const where = error.instancePath || '/';
  const params = error.params as { allowedValue?: unknown; allowedValues?: unknown[] };
  const allowed = params.allowedValue ?? params.allowedValues;
  const detail = allowed === undefined ? '' : `: ${JSON.stringify(allowed)}`;
  return {
    code: 'invalid_payload',
    message: `${where} ${error.message ?? 'is invalid'}${detail}`,
    path: error.instancePath,
    requirement: 'DLV-12',
  };
}
