import type { ErrorObject } from 'ajv';
import type { DocumentTypes } from '../../generated/types/index.js';
import { type Diagnostic, diagnostic } from '../diagnostic.js';
import { type DeliveryMetadata, deliveryOf, retryHeaderProblems } from './delivery.js';
import { type HeaderSource, type WebhookHeaders, readWebhookHeaders } from './headers.js';
import type { WebhookBody } from './sign.js';
import { webhookValidator, webhookValidators } from './validators.js';
import { type WebhookVersion, isEnveloped } from './versions.js';

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

/**
 * A parsed delivery, or every problem found with it. A problem's `rule` is one of
 * `unknown_version`, `invalid_json`, `retry_headers`, `version_mismatch`, `missing_event`,
 * `unknown_event`, `event_mismatch` or `invalid_payload`; `requirement` names the rule it breaks;
 * `location` says where: `payload` and a JSON Pointer into it (`payload/data/chatType`, `payload`
 * for the whole), or `header <name>`.
 */
export type ParseResult<V extends WebhookVersion> =
  ParsedWebhook<V> | { ok: false; diagnostics: Diagnostic[]; delivery: DeliveryMetadata };

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

/**
 * `parseWebhook` for headers already read: a receiver reads them once for verifying and parsing.
 */
export function parseReadHeaders<V extends WebhookVersion>(
  input: Omit<ParseInput<V>, 'headers'>,
  headers: WebhookHeaders,
): ParseResult<V> {
  const delivery = deliveryOf(headers);
  // What the headers and the body say is judged apart, so a delivery wrong in both is told both.
  const diagnostics: Diagnostic[] = [];
  const known = webhookValidators(input.version) !== undefined;
  if (!known)
    diagnostics.push(
      diagnostic('unknown_version', `no contract for version "${String(input.version)}"`, {
        requirement: 'VER-01',
      }),
    );
  const payload = decode(input.body);
  if (payload instanceof Undecodable)
    diagnostics.push(
      diagnostic('invalid_json', `the body is not JSON: ${payload.message}`, {
        requirement: 'DLV-01',
        location: 'payload',
      }),
    );
  headerProblems(input.version, headers, delivery, diagnostics);
  // Without a contract or a JSON value there is no event to find and no schema to hold it to.
  if (!known || payload instanceof Undecodable) return failed(delivery, diagnostics);

  const event = eventOf(input, payload, diagnostics);
  if (event === undefined) return failed(delivery, diagnostics);
  // Event names come from the delivery: looked up among the version's own events only, so
  // `constructor` or `hasOwnProperty` is an unknown event, not a function of Object.prototype.
  const validate = webhookValidator(input.version, event);
  if (!validate) {
    // An enveloped payload named the event in `type`; otherwise the caller did.
    const where = isEnveloped(input.version) ? { location: 'payload/type' } : {};
    diagnostics.push(
      diagnostic('unknown_event', `version ${input.version} has no event "${event}"`, {
        requirement: 'DLV-12',
        ...where,
      }),
    );
    return failed(delivery, diagnostics);
  }
  if (!validate(payload))
    for (const error of validate.errors ?? []) diagnostics.push(toDiagnostic(error));
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

function failed(delivery: DeliveryMetadata, diagnostics: Diagnostic[]) {
  return { ok: false as const, diagnostics, delivery };
}

/** DLV-05 retry headers and the VER-14 `Service-Version`, which need no payload to judge. */
function headerProblems(
  version: WebhookVersion,
  headers: WebhookHeaders,
  delivery: DeliveryMetadata,
  diagnostics: Diagnostic[],
): void {
  for (const { header, message } of retryHeaderProblems(headers, delivery) ?? [])
    diagnostics.push(
      diagnostic('retry_headers', message, { requirement: 'DLV-05', location: `header ${header}` }),
    );
  if (version === 'v0' || delivery.serviceVersion === undefined) return;
  if (delivery.serviceVersion === version) return;
  diagnostics.push(
    diagnostic(
      'version_mismatch',
      `Service-Version is ${delivery.serviceVersion}, expected ${version}`,
      {
        requirement: 'VER-14',
        location: 'header Service-Version',
        expected: version,
        actual: delivery.serviceVersion,
      },
    ),
  );
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
  diagnostics: Diagnostic[],
): string | undefined {
  if (input.event !== undefined && typeof input.event !== 'string') {
    diagnostics.push(
      diagnostic('unknown_event', 'the event to expect must be given as a string', {
        requirement: 'DLV-12',
      }),
    );
    return undefined;
  }
  if (!isEnveloped(input.version)) {
    if (input.event) return input.event;
    diagnostics.push(
      diagnostic(
        'missing_event',
        `version ${input.version} payloads do not name their event: pass it`,
        { requirement: 'VER-08' },
      ),
    );
    return undefined;
  }
  const type =
    typeof payload === 'object' && payload !== null && Object.hasOwn(payload, 'type')
      ? (payload as { type: unknown }).type
      : undefined;
  if (typeof type !== 'string') {
    diagnostics.push(
      diagnostic('invalid_payload', 'an enveloped payload names its event in `type`', {
        requirement: 'VER-08',
        location: 'payload/type',
      }),
    );
    return undefined;
  }
  if (input.event && input.event !== type) {
    diagnostics.push(
      diagnostic('event_mismatch', `expected event "${input.event}", the payload says "${type}"`, {
        requirement: 'VER-08',
        location: 'payload/type',
        expected: input.event,
        actual: type,
      }),
    );
  }
  return type;
}

/** One schema error as a diagnostic, located by `payload` and the JSON Pointer ajv gives. */
function toDiagnostic(error: ErrorObject): Diagnostic {
  const where = error.instancePath || '/';
  const params = error.params as { allowedValue?: unknown; allowedValues?: unknown[] };
  const allowed = params.allowedValue ?? params.allowedValues;
  const detail = allowed === undefined ? '' : `: ${JSON.stringify(allowed)}`;
  return diagnostic('invalid_payload', `${where} ${error.message ?? 'is invalid'}${detail}`, {
    requirement: 'DLV-12',
    location: `payload${error.instancePath}`,
  });
}
