import { type Diagnostic, diagnostic } from '../diagnostic.js';
import { type WebhookVersion, isEnveloped } from '../webhooks/versions.js';
import { shapeFindings } from './findings.js';
import { payloadFields } from './payload-fields.js';

/**
 * Where a payload of `event` at `version` keeps the form a declared shape change replaced, or shows
 * one before its version (openapi/versions.yaml, `instructions`): one diagnostic each, under the
 * change's first requirement.
 */
export function payloadShapeDiagnostics(
  version: WebhookVersion,
  event: string,
  payload: unknown,
): Diagnostic[] {
  const fields = payloadFields(version, payload);
  if (!fields) return [];
  const at = isEnveloped(version) ? 'payload/data' : 'payload';
  return shapeFindings({ webhook: event }, version, fields).map(({ change, message, field }) =>
    diagnostic('declared_shape', `the payload ${message}`, {
      requirement: change.requirements[0]!,
      location: `${at}/${field}`,
      version,
    }),
  );
}
