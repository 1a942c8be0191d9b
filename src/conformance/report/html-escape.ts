import { escapeHtml as escapeText } from '../../http/escape-html.js';

/**
 * `value` as HTML text or a quoted attribute value (the shared escape of the five characters that
 * could end either), so what an implementation answered is shown, never run; characters HTML
 * cannot carry (controls other than tab and line breaks, lone surrogates) become U+FFFD first.
 */
export function escapeHtml(value: unknown): string {
  return escapeText(
    String(value)
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '\uFFFD')
      .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'),
  );
}
