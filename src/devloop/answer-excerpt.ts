/** How many characters of an answer's body `trigger` and `listen` show: an error's code and message. */
export const ANSWER_EXCERPT_CHARS = 300;

/**
 * How many bytes of an answer to read for an excerpt: at least one character more than is shown,
 * however it is encoded (UTF-8 takes at most 4 bytes a character), so a longer body is always
 * marked as cut.
 */
export const ANSWER_EXCERPT_BYTES = 4 * (ANSWER_EXCERPT_CHARS + 1);

/**
 * Characters that would act on the terminal instead of being shown: C0 and C1 controls and DEL
 * (escape sequences move the cursor or recolour), line and paragraph separators, and the
 * invisible and bidirectional formatting characters that reorder what follows.
 */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g;
const SHORT: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * The start of an answer's body as one line that is safe to print (DLV-01: a receiver that did not
 * acknowledge says why in its body): at most ANSWER_EXCERPT_CHARS characters, `…` where it was
 * cut, every unsafe character written as an escape (`\n`, `\u001b`). Empty for an empty body.
 */
export function answerExcerpt(body: string): string {
  const characters = Array.from(body);
  const shown = characters.slice(0, ANSWER_EXCERPT_CHARS).join('');
  const cut = characters.length > ANSWER_EXCERPT_CHARS ? '…' : '';
  return `${shown.replace(UNSAFE, escape)}${cut}`;
}

function escape(character: string): string {
  return SHORT[character] ?? `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;
}
