/**
 * The sources speak of "the specification" (never by a file name readers of the site cannot
 * open); the site links each mention to the requirement list it publishes. A mention by the file
 * name, `SPEC.md`, is reworded the same way.
 */
const MENTION = /`?SPEC\.md`?('s)?|\b([Tt])he specification('s)?/g;
// A mention that starts a sentence (or the text) is capitalised.
const SENTENCE_START = /(^|[.!?]\s+)$/;

/** The text with every SPEC.md mention reworded; `link` wraps the words (Markdown or HTML). */
export function specificationWording(
  text: string,
  link: (words: string) => string = (words) => words,
): string {
  return text.replace(
    MENTION,
    (
      _,
      possessive: string | undefined,
      letter: string | undefined,
      ownPossessive: string | undefined,
      offset: number,
    ) => {
      const start =
        letter === undefined
          ? SENTENCE_START.test(text.slice(Math.max(0, offset - 3), offset))
          : letter === 'T';
      const words = `${start ? 'The' : 'the'} specification${possessive ?? ownPossessive ?? ''}`;
      return link(words);
    },
  );
}

/** A link to the requirement list, in Markdown (Redoc renders descriptions as Markdown). */
export const markdownLink = (words: string) => `[${words}](requirements.html)`;

/** A link to the requirement list, in HTML. */
export const htmlLink = (words: string) => `<a href="requirements.html">${words}</a>`;

/**
 * A copy of a bundled document with every string reworded: descriptions (Markdown) link the
 * requirement list, other strings (summaries, titles, annotations) only say the words. Keys are
 * names and stay as they are.
 */
export function rewordDocument(node: unknown, key = ''): unknown {
  if (typeof node === 'string')
    return specificationWording(node, key === 'description' ? markdownLink : undefined);
  if (Array.isArray(node)) return node.map((entry) => rewordDocument(entry));
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([name, value]) => [name, rewordDocument(value, name)]),
  );
}
