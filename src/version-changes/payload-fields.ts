import { type WebhookVersion, isEnveloped } from '../webhooks/versions.js';
import { isRecord } from '../is-record.js';

type Fields = Record<string, unknown>;

/**
 * The business fields of a payload of `version`, where declared changes apply: `data` once
 * enveloped (VER-08), the payload itself before; undefined where there is no such object.
 */
export function payloadFields(version: WebhookVersion, payload: unknown): Fields | undefined {
  if (!isRecord(payload)) return undefined;
  if (!isEnveloped(version)) return payload;
  return isRecord(payload.data) ? payload.data : undefined;
}

/** `payload` with its business fields replaced by `fields` (a copy where they are `data`). */
export function withPayloadFields(
  version: WebhookVersion,
  payload: Fields,
  fields: Fields,
): Fields {
  return isEnveloped(version) ? { ...payload, data: fields } : fields;
}
