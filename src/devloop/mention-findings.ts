import { type Diagnostic, diagnostic } from '../diagnostic.js';
import { type MentionGrammar, mentionGrammar } from '../samples/mention-grammar.js';
import { type WebhookVersion, isEnveloped } from '../webhooks/versions.js';
import { nameAt } from '../version-changes/apply.js';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/**
 * How each grammar writes a group and a broadcast mention (VER-10), and a pattern for both. The
 * pattern captures the mention without its `|label`: a label is the sender's text, never echoed.
 * Labels stop at `<`, so a text of many unclosed mentions is scanned in linear time.
 */
const FORMS: Readonly<
  Record<MentionGrammar, { group: string; broadcast: string; pattern: RegExp }>
> = {
  legacy: {
    group: '<@uuid>',
    broadcast: '<@all>',
    pattern: new RegExp(`<(@G-${UUID}|@all)(?:\\|[^<>]*)?>`, 'g'),
  },
  subteam: {
    group: '<!subteam^uuid>',
    broadcast: '<!channel>',
    pattern: new RegExp(`<(!subteam\\^${UUID}|!channel)(?:\\|[^<>]*)?>`, 'g'),
  },
};

/** How many of the other grammar's mentions a finding names: enough to find them in the text. */
const MAX_NAMED = 3;

/**
 * Whether the message text of a delivery renders group and broadcast mentions in the grammar its
 * version's document records (VER-10): a finding when it uses the other grammar's forms, none for
 * events and versions that record no grammar. People are `<@uuid>` in both grammars, so they are
 * never a finding. Writes accept both grammars (VER-13); this judges what the service sends.
 */
export function mentionFindings(
  version: WebhookVersion,
  event: string,
  payload: unknown,
): Diagnostic[] {
  const grammar = mentionGrammar(version, event);
  if (!grammar) return [];
  const enveloped = isEnveloped(version);
  // The message text's name at this version (a declared rename may have moved it).
  const field = nameAt({ webhook: event }, version, 'text');
  const text = ownField(enveloped ? ownField(payload, 'data') : payload, field);
  if (typeof text !== 'string') return [];
  const other: MentionGrammar = grammar === 'legacy' ? 'subteam' : 'legacy';
  const named = new Set<string>();
  for (const match of text.matchAll(FORMS[other].pattern)) {
    named.add(`<${match[1]}>`);
    if (named.size === MAX_NAMED) break;
  }
  if (named.size === 0) return [];
  const wanted = FORMS[grammar];
  return [
    diagnostic(
      'mention_grammar',
      `the text mentions ${[...named].join(', ')} in the ${other} grammar; at ${version} groups render as ${wanted.group} and broadcast as ${wanted.broadcast} (people stay <@uuid>)`,
      {
        requirement: 'VER-10',
        location: enveloped ? `payload/data/${field}` : `payload/${field}`,
        version,
        expected: `groups as ${wanted.group}, broadcast as ${wanted.broadcast}`,
        actual: [...named],
      },
    ),
  ];
}

/** An own field of a JSON object; undefined for anything else. */
function ownField(value: unknown, name: string): unknown {
  if (typeof value !== 'object' || value === null || !Object.hasOwn(value, name)) return undefined;
  return (value as Record<string, unknown>)[name];
}
