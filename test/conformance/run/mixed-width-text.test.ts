import { describe, expect, it } from 'vitest';
import { textOfBytes, textOfCharacters } from '../../../src/conformance/run/mixed-width-text.ts';

const widths = (text: string) => new Set([...text].map((c) => Buffer.byteLength(c)));
const units = (text: string) => ({
  bytes: Buffer.byteLength(text),
  characters: [...text].length,
  utf16: text.length,
});

describe('text at a limit, in characters of every width', () => {
  it.each([8000, 8001, 7, 1])('textOfBytes(%i) is that many UTF-8 bytes', (bytes) => {
    const text = textOfBytes(bytes);
    expect(units(text).bytes).toBe(bytes);
    if (bytes >= 16) expect(widths(text)).toEqual(new Set([1, 2, 3, 4]));
  });

  it('counted in characters or UTF-16 bytes, 8,000 bytes is not 8,000', () => {
    const text = textOfBytes(8000);
    expect(units(text).characters).toBeLessThan(8000);
    expect(Buffer.byteLength(text, 'utf16le')).toBeGreaterThan(8000);
  });

  it.each([128, 129, 5, 1])('textOfCharacters(%i) is that many code points', (count) => {
    const text = textOfCharacters(count);
    expect(units(text).characters).toBe(count);
    if (count >= 4) expect(widths(text)).toEqual(new Set([1, 2, 3, 4]));
  });

  it('counted in bytes or UTF-16 code units, 128 characters are more than 128', () => {
    const { bytes, utf16 } = units(textOfCharacters(128));
    expect(bytes).toBeGreaterThan(128);
    expect(utf16).toBeGreaterThan(128);
  });
});
