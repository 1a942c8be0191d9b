import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { urlArbitrary } from '../../../src/conformance/generate/url-arbitrary.ts';

// `format: uri` fields get URLs a server parses as such (SUB-03's subscription URL among them).
describe('urlArbitrary', () => {
  it('gives absolute http(s) URLs whose escapes decode', () => {
    fc.assert(
      fc.property(urlArbitrary(), (url) => {
        const parsed = new URL(url);
        expect(['https:', 'http:']).toContain(parsed.protocol);
        expect(parsed.hostname).not.toBe('');
        expect(() => decodeURIComponent(parsed.pathname)).not.toThrow();
      }),
      { seed: 7, numRuns: 300 },
    );
  });

  it.each([
    ['a path', /^https?:\/\/[^/]+\/./],
    ['no path', /^https?:\/\/[^/]+$/],
    ['a percent escape', /%[0-9A-F]{2}/],
    ['both schemes', /^http:/],
  ])('gives, among 300, a URL with %s', (_, shape) => {
    expect(
      fc.sample(urlArbitrary(), { seed: 7, numRuns: 300 }).some((url) => shape.test(url)),
    ).toBe(true);
  });
});
