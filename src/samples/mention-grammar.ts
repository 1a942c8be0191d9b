import { listApiDocuments, readBundledDocument } from '../documents.js';
import type { WebhookVersion } from '../webhooks/versions.js';

/**
 * How message text renders group and broadcast mentions (VER-10): `legacy` writes `<@G-uuid>` and
 * `<@all>`, `subteam` writes `<!subteam^uuid>` and `<!channel>`; people are `<@uuid>` in both.
 */
export type MentionGrammar = 'legacy' | 'subteam';

const GRAMMARS: ReadonlySet<string> = new Set<MentionGrammar>(['legacy', 'subteam']);

/** Per version, the grammar each event's document records; read once. */
const recorded = new Map<WebhookVersion, ReadonlyMap<string, MentionGrammar>>();

/**
 * The grammar the text of `event` at `version` renders mentions in, as the version's document
 * records it (`x-mention-grammar` on the webhook, the one place the contract says so, beside the
 * version registry's summary); undefined where it records none (v0, events without message text).
 */
export function mentionGrammar(version: WebhookVersion, event: string): MentionGrammar | undefined {
  let grammars = recorded.get(version);
  if (!grammars) {
    grammars = readGrammars(version);
    recorded.set(version, grammars);
  }
  return grammars.get(event);
}

function readGrammars(version: WebhookVersion): ReadonlyMap<string, MentionGrammar> {
  const grammars = new Map<string, MentionGrammar>();
  const api = listApiDocuments().find((each) => (each.version ?? each.name) === version);
  if (!api) return grammars;
  for (const [event, item] of Object.entries(readBundledDocument(api).webhooks ?? {}))
    for (const operation of Object.values(item)) {
      const grammar = (operation as Record<string, unknown> | null)?.['x-mention-grammar'];
      if (typeof grammar === 'string' && GRAMMARS.has(grammar))
        grammars.set(event, grammar as MentionGrammar);
    }
  return grammars;
}
