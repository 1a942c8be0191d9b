import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { eventsOf, payloadOf } from '../../src/samples/payloads.ts';
import { parseWebhook } from '../../src/webhooks/parse.ts';
import { webhookValidators } from '../../src/webhooks/validators.ts';
import type { WebhookVersion } from '../../src/webhooks/versions.ts';
import { listVersions } from '../../src/versions.ts';

// DLV-12: the suite sends every event of a version with a payload the contract accepts, so a
// receiver that refuses one is at fault, not the suite.
const VERSIONS: WebhookVersion[] = ['v0', ...(listVersions() as WebhookVersion[])];

describe.each(VERSIONS)('the sample payloads at %s', (version) => {
  it('cover exactly the events the version documents', () => {
    expect(eventsOf(version).sort()).toEqual(Object.keys(webhookValidators(version)!).sort());
  });

  it.each(eventsOf(version))('%s is valid as the version delivers it', (event) => {
    const headers = version === 'v0' ? {} : { 'service-version': version };
    const parsed = parseWebhook({
      version,
      event,
      body: JSON.stringify(payloadOf(version, event)),
      headers,
    });
    expect(parsed.ok ? [] : parsed.diagnostics).toEqual([]);
  });
});

// `trigger` and the receiver suite send these samples as "the contract's example": each must be a
// valid example written beside the event's bare schema, so the two cannot drift apart.
describe.each(['v0', '2026-06-01'] as const)('the samples of %s', (version) => {
  const generation = version === 'v0' ? 'v0' : 'v1';
  it.each(eventsOf(version))('%s is one of the valid examples of its schema', (event) => {
    const file = `schemas/webhooks/${generation}/${event.replaceAll(':', '.')}.valid.example.json`;
    const content = JSON.parse(readFileSync(file, 'utf8')) as ExampleCase | ExampleCase[];
    const examples = (Array.isArray(content) ? content : [content]).filter((each) => each.valid);
    expect(examples.map((each) => each.data)).toContainEqual(payloadOf(version, event));
  });
});

interface ExampleCase {
  data: unknown;
  valid: boolean;
}
