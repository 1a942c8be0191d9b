import { describe, expect, it } from 'vitest';
import { eventsOf, payloadOf } from '../../../src/conformance/receiver-suite/payloads.ts';
import { parseWebhook } from '../../../src/webhooks/parse.ts';
import { webhookValidators } from '../../../src/webhooks/validators.ts';
import type { WebhookVersion } from '../../../src/webhooks/versions.ts';
import { listVersions } from '../../../src/versions.ts';

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
