import { describe, expect, it } from 'vitest';
import { since } from '../../src/versions.ts';
import { mentionGrammar } from '../../src/samples/mention-grammar.ts';
import { listVersions } from '../../src/versions.ts';
import { webhookValidators } from '../../src/webhooks/validators.ts';
import type { WebhookVersion } from '../../src/webhooks/versions.ts';

const DATED = listVersions() as WebhookVersion[];

// VER-10: the grammar is read from what the documents record (`x-mention-grammar`); it must agree
// with the version registry's date for the change, so neither can drift from the other.
describe('mentionGrammar', () => {
  it.each(DATED.map((version) => [version, since(version, 'mention-render')]))(
    'chat.message at %s: subteam grammar %s',
    (version, subteam) => {
      expect(mentionGrammar(version, 'chat.message')).toBe(subteam ? 'subteam' : 'legacy');
    },
  );

  it.each(
    (['v0', ...DATED] as WebhookVersion[]).flatMap((version) =>
      Object.keys(webhookValidators(version)!)
        .filter((event) => event !== 'chat.message')
        .map((event) => [version, event]),
    ),
  )('%s %s records no grammar', (version, event) => {
    expect(mentionGrammar(version as WebhookVersion, event)).toBeUndefined();
  });

  it.each(['no.such.event', '__proto__', 'constructor', 'toString'])(
    'knows no grammar for %s',
    (event) => {
      expect(mentionGrammar('2026-08-25', event)).toBeUndefined();
    },
  );
});
