import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../project-root.js';
import { type WebhookVersion, isEnveloped } from '../webhooks/versions.js';

/** A payload to send, or why there is none. */
export type Sample = { payload: unknown } | { problem: string };

/**
 * The contract's own example of `event` at `version`: the first valid case of the example file
 * beside its schema (`schemas/webhooks/<generation>/<event>[.envelope].valid.example.json`). An
 * enveloped example names the version it was written for; its `apiVersion` is set to `version`,
 * which the document pins it to (VER-08, VER-14). The caller validates the result.
 */
export function samplePayload(event: string, version: WebhookVersion): Sample {
  const generation = version === 'v0' ? 'v0' : 'v1';
  const envelope = isEnveloped(version) ? '.envelope' : '';
  // v0 names hold colons (chat:message:dm); their files use dots, as the schemas do.
  const stem = `${event.replaceAll(':', '.')}${envelope}.valid.example.json`;
  const file = join(PROJECT_ROOT, 'schemas', 'webhooks', generation, stem);
  if (!existsSync(file)) return { problem: `the contract has no example of ${event} (${version})` };
  const content = JSON.parse(readFileSync(file, 'utf8')) as Example | Example[];
  const example = (Array.isArray(content) ? content : [content]).find((each) => each.valid);
  if (!example) return { problem: `the contract has no valid example of ${event} (${version})` };
  const payload = structuredClone(example.data);
  if (envelope && isObject(payload)) payload.apiVersion = version;
  return { payload };
}

interface Example {
  description: string;
  data: unknown;
  valid: boolean;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
