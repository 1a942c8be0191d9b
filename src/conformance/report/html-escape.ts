const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * `value` as HTML text or a quoted attribute value: the five characters that could end either
 * replaced, so what an implementation answered is shown, never run. Characters HTML cannot carry
 * (controls other than tab and line breaks, lone surrogates) become U+FFFD.
 */
export function escapeHtml(value: unknown): string {
  return String(value)
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '\uFFFD')
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
    .replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}
