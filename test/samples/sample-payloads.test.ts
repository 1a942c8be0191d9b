import { readFileSync, readdirSync } from 'node:fs';
import { since } from '../../src/versions.ts';
import { describe, expect, it } from 'vitest';
import { mentionFindings } from '../../src/devloop/mention-findings.ts';
import { eventsOf, payloadOf } from '../../src/samples/payloads.ts';
import { parseWebhook } from '../../src/webhooks/parse.ts';
import { readPayload } from '../../src/version-changes/read-payload.ts';
import { webhookValidators } from '../../src/webhooks/validators.ts';
import { type WebhookVersion, isEnveloped } from '../../src/webhooks/versions.ts';
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

  // VER-10: what `listen` judges of a delivery, the samples meet: mentions in the version's grammar.
  it.each(eventsOf(version))('%s renders mentions as the version does', (event) => {
    expect(mentionFindings(version, event, payloadOf(version, event))).toEqual([]);
  });
});

// VER-10: the chat.message sample mentions a group and everyone, in the grammar of its version:
// `<!subteam^uuid>` and `<!channel>` from the change on, `<@G-uuid>` and `<@all>` before it. Each
// is one of the valid examples written beside the bare schema.
describe.each(listVersions() as WebhookVersion[])('the chat.message sample at %s', (version) => {
  // Read in the names the examples are written in, before any declared shape change.
  const payload = readPayload(payloadOf(version, 'chat.message')) as Record<string, unknown>;
  const data = (isEnveloped(version) ? payload.data : payload) as { text: string };
  const subteam = since(version, 'mention-render');

  it(`mentions a group and everyone in the ${subteam ? 'subteam' : 'legacy'} grammar`, () => {
    expect(data.text).toMatch(subteam ? /<!subteam\^[0-9a-f-]{36}>/ : /<@G-[0-9a-f-]{36}>/);
    expect(data.text).toContain(subteam ? '<!channel>' : '<@all>');
    expect(data.text).not.toMatch(subteam ? /<@G-|<@all>/ : /<!subteam|<!channel>/);
  });

  it('is one of the valid examples of the chat.message schema', () => {
    expect(chatMessageExamples()).toContainEqual(data);
  });
});

/** The valid examples written beside the bare chat.message schema, one file per grammar. */
function chatMessageExamples(): unknown[] {
  const dir = 'schemas/webhooks/v1';
  return readdirSync(dir)
    .filter((file) => /^chat\.message\.(?!envelope\.)[\w-]+\.example\.json$/.test(file))
    .flatMap((file) => {
      const content = JSON.parse(readFileSync(`${dir}/${file}`, 'utf8')) as
        ExampleCase | ExampleCase[];
      return Array.isArray(content) ? content : [content];
    })
    .filter((each) => each.valid)
    .map((each) => each.data);
}

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
