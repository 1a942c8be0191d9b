/**
 * Text at a limit, made of characters of every UTF-8 width, so an implementation that counts the
 * wrong unit (characters for bytes, bytes or UTF-16 code units for characters) misses the limit
 * either way (EPH-02, EPH-03). The widths: `a` 1 byte, `é` 2, `€` 3, `😀` 4 (a UTF-16 pair).
 */
const WIDE = ['é', '€', '😀'] as const;

/**
 * Exactly `bytes` bytes of UTF-8: about a quarter each of 2-, 3- and 4-byte characters, the rest
 * ASCII. Counted as characters it is far shorter than `bytes`; as UTF-16 (2 bytes a unit), longer.
 */
export function textOfBytes(bytes: number): string {
  const quarter = Math.floor(bytes / 4);
  const wide = WIDE.map((c) => c.repeat(Math.floor(quarter / Buffer.byteLength(c)))).join('');
  return `${'a'.repeat(bytes - Buffer.byteLength(wide))}${wide}`;
}

/**
 * Exactly `count` characters (code points, as JSON Schema's `maxLength` counts them): a quarter each
 * of 1-, 2-, 3- and 4-byte characters, the remainder ASCII. Its UTF-8 bytes and its UTF-16 code
 * units are both more than `count`.
 */
export function textOfCharacters(count: number): string {
  const quarter = Math.floor(count / 4);
  const wide = WIDE.map((c) => c.repeat(quarter)).join('');
  return `${'a'.repeat(count - 3 * quarter)}${wide}`;
}
