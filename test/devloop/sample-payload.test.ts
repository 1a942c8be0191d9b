import { describe, expect, it } from 'vitest';
import { samplePayload } from '../../src/devloop/sample-payload.ts';
import { listVersions } from '../../src/versions.ts';
import { parseWebhook } from '../../src/webhooks/parse.ts';
import { webhookValidators } from '../../src/webhooks/validators.ts';
import { type WebhookVersion, isEnveloped } from '../../src/webhooks/versions.ts';

const VERSIONS: WebhookVersion[] = ['v0', ...(listVersions() as WebhookVersion[])];
const ALL = VERSIONS.flatMap((version) =>
  Object.keys(webhookValidators(version)!).map((event) => [version, event] as const),
);

describe('samplePayload', () => {
  it.each(ALL)('%s %s has an example the contract accepts', (version, event) => {
    const sample = samplePayload(event, version);
    expect(sample).toHaveProperty('payload');
    const { payload } = sample as { payload: Record<string, unknown> };
    expect(parseWebhook({ version, event, body: payload })).toMatchObject({ ok: true, event });
    if (isEnveloped(version)) expect(payload).toMatchObject({ type: event, apiVersion: version });
  });

  it('gives a fresh copy each time', () => {
    const first = samplePayload('meeting.ended', '2026-08-25') as { payload: { data: object } };
    first.payload.data = { changed: true };
    expect(samplePayload('meeting.ended', '2026-08-25')).not.toEqual(first);
  });

  it('says so for an event without an example', () => {
    expect(samplePayload('no.such.event', '2026-08-25')).toEqual({
      problem: 'the contract has no example of no.such.event (2026-08-25)',
    });
  });
});
