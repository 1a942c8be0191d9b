import type { IncomingHttpHeaders } from 'node:http';
import { type Diagnostic, diagnostic } from '../diagnostic.js';
import type { RetryReason } from '../webhooks/delivery.js';
import { readWebhookHeaders } from '../webhooks/headers.js';
import { parseReadHeaders } from '../webhooks/parse.js';
import { webhookValidators } from '../webhooks/validators.js';
import { type VerifyFailure, rejection } from '../webhooks/verify.js';
import { type WebhookVersion, isEnveloped } from '../webhooks/versions.js';
import { mentionFindings } from './mention-findings.js';
import { payloadShapeDiagnostics } from '../version-changes/payload-diagnostics.js';

/** What `listen` found in one delivery. */
export interface DeliveryReport {
  /** The event, from the envelope's `type` or the last segment of the request path. */
  event?: string;
  /** Where neither names the event: every event of the version whose schema the payload fits. */
  candidates?: string[];
  /** The version the delivery was judged at: its `Service-Version`, else the listener's. */
  version: string;
  webhookId?: string;
  /** The envelope's `eventId`, shared by every subscription the event went to (VER-08). */
  eventId?: string;
  timestamp?: number;
  /** 1 for a first attempt, `Service-Retry-Num` + 1 for a retry. */
  attempt: number;
  retryReason?: RetryReason;
  /** `verified`, or why the signature check failed. */
  signature: 'verified' | VerifyFailure;
  /** True when the delivery is verified and its payload and headers are valid. */
  ok: boolean;
  /** Every problem found: the signature's, the headers' and the payload's. */
  diagnostics: Diagnostic[];
}

export interface InspectOptions {
  secret: string;
  /** The version deliveries without `Service-Version` (v0's) are judged at; and the expected one. */
  version?: WebhookVersion;
}

/**
 * Verifies one delivery and validates its payload against the contract at the version it was
 * sent for (VER-14): its `Service-Version`, else `options.version`, else v0, whose deliveries
 * name no version (VER-06). Where the payload does not name its event (v0, the bare baseline,
 * VER-08), the last segment of the request path may (`/chat:message:dm`); else the report lists
 * the events whose schemas accept it. Message text is judged by the mention grammar of that
 * version (VER-10). Never throws.
 */
export function inspectDelivery(
  rawHeaders: IncomingHttpHeaders,
  body: Uint8Array,
  path: string,
  options: InspectOptions,
): DeliveryReport {
  const headers = readWebhookHeaders(rawHeaders);
  const rejected = rejection({ secret: options.secret, body }, headers);
  const version = (headers['service-version'] ?? options.version ?? 'v0') as WebhookVersion;
  const diagnostics: Diagnostic[] = rejected ? [...rejected.diagnostics] : [];
  if (options.version && headers['service-version'] && options.version !== version)
    diagnostics.push(
      diagnostic(
        'version_mismatch',
        `Service-Version is ${version}, the listener expects ${options.version}`,
        {
          requirement: 'VER-14',
          location: 'header Service-Version',
          expected: options.version,
          actual: version,
        },
      ),
    );
  // A dated delivery names its version on every attempt (DLV-02); only v0 names none (VER-06).
  if (options.version && options.version !== 'v0' && !headers['service-version'])
    diagnostics.push(
      diagnostic('missing_headers', `Service-Version is missing: expected ${options.version}`, {
        requirement: 'DLV-02',
        location: 'header Service-Version',
        expected: options.version,
      }),
    );
  const payload = decode(body);
  const named = eventNamed(version, path, payload);
  const parsed = parseReadHeaders(
    { version, event: named.event ?? named.candidates?.[0], body: payload ?? body },
    headers,
  );
  // A payload that fits no event is said once, by `none`, not also as a missing event.
  if (!parsed.ok)
    diagnostics.push(
      ...parsed.diagnostics.filter((d) => !named.none || d.rule !== 'missing_event'),
    );
  if (named.none) diagnostics.push(named.none);
  // A payload that fits events it does not name was parsed as the first to judge its headers.
  const eventId = stringField(payload, 'eventId');
  const event = named.candidates ? undefined : parsed.ok ? parsed.event : named.event;
  // VER-10: message text renders mentions in the grammar of the version it was sent for.
  if (event !== undefined) diagnostics.push(...mentionFindings(version, event, payload));
  // The shape changes the version declares (openapi/versions.yaml, `instructions`).
  if (event !== undefined) diagnostics.push(...payloadShapeDiagnostics(version, event, payload));
  return {
    ...(event !== undefined && { event }),
    ...(named.candidates && { candidates: named.candidates }),
    version,
    ...(headers['webhook-id'] !== undefined && { webhookId: headers['webhook-id'] }),
    ...(eventId !== undefined && { eventId }),
    ...(parsed.delivery.timestamp !== undefined && { timestamp: parsed.delivery.timestamp }),
    attempt: parsed.delivery.attempt,
    ...(parsed.delivery.retryReason && { retryReason: parsed.delivery.retryReason }),
    signature: rejected ? rejected.reason : 'verified',
    ok: diagnostics.length === 0,
    diagnostics,
  };
}

/** The body as JSON, or undefined when it is not JSON (the parser then says why). */
function decode(body: Uint8Array): unknown {
  try {
    return JSON.parse(Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8'));
  } catch {
    return undefined;
  }
}

interface Named {
  event?: string;
  candidates?: string[];
  /** Why no event could be found for a payload that does not name one. */
  none?: Diagnostic;
}

/** The event of a payload that does not name it: from the path, or from the schemas it fits. */
function eventNamed(version: WebhookVersion, path: string, payload: unknown): Named {
  const validators = webhookValidators(version);
  if (!validators || payload === undefined) return {};
  // An enveloped payload names its event in `type` (VER-08), even when the rest is wrong.
  if (isEnveloped(version)) return { event: stringField(payload, 'type') };
  const segment = lastSegment(path);
  if (segment !== undefined && Object.hasOwn(validators, segment)) return { event: segment };
  const candidates = Object.keys(validators).filter((event) => validators[event]!(payload));
  // Not taken for the event even when only one fits: a lenient schema may fit a payload meant
  // for another event, and the report says which events it fits, not which it was.
  if (candidates.length > 0) return { candidates };
  return {
    none: diagnostic(
      'invalid_payload',
      `the payload fits no ${version} event; name the event in the path the delivery is sent to (/<event>) to see why`,
      { requirement: 'DLV-12', location: 'payload' },
    ),
  };
}

/** A string field of a JSON object, own only; undefined otherwise. */
function stringField(payload: unknown, name: string): string | undefined {
  if (typeof payload !== 'object' || payload === null || !Object.hasOwn(payload, name))
    return undefined;
  const value = (payload as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}

function lastSegment(path: string): string | undefined {
  const bare = path.split('?')[0] ?? '';
  const segment = bare.slice(bare.lastIndexOf('/') + 1);
  try {
    return segment ? decodeURIComponent(segment) : undefined;
  } catch {
    return undefined;
  }
}
