import fc from 'fast-check';

/** What a path segment is made of: unreserved characters, and now and then an escape. */
const UNRESERVED = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~'];
const ESCAPES = ['%20', '%2F', '%25', '%3F', '%23', '%C3%A9', '%E2%9C%93', '%F0%9F%98%80'];

/** A path segment: 1 to 10 units, each an unreserved character or, now and then, an escape. */
const segment = () =>
  fc.string({
    unit: fc.oneof(
      { arbitrary: fc.constantFrom(...UNRESERVED), weight: 10 },
      { arbitrary: fc.constantFrom(...ESCAPES), weight: 1 },
    ),
    minLength: 1,
    maxLength: 10,
  });

let url: fc.Arbitrary<string> | undefined;

/**
 * URLs for `format: uri` fields: a scheme, fast-check's authority (a domain, as its `webUrl` gives),
 * a short path. fast-check's own `webUrl` makes the same from any code point, percent-encoded, and
 * making it builds a reverse map of every code point (about 1.7 s of CPU in each process that
 * generates); a server parses the escapes of this smaller alphabet just as it would those. Made on
 * first use (about 18 ms, for the domains), not by every process that loads the suite.
 */
export const urlArbitrary = (): fc.Arbitrary<string> =>
  (url ??= fc
    .tuple(
      fc.constantFrom('https', 'http'),
      fc.webAuthority(),
      fc.array(segment(), { maxLength: 3 }),
    )
    .map(
      ([scheme, authority, path]) => `${scheme}://${authority}${path.map((s) => `/${s}`).join('')}`,
    ));
