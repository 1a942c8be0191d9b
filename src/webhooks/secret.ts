/** The prefix of every webhook signing secret (AUTH-12). */
const SECRET_PREFIX = 'whsec_';

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

// An app has one secret, two while rotating: decoding it per delivery is wasted work. (A cached
// KeyObject was measured slower: createHmac builds from a Buffer key faster.)
// The result objects themselves are kept, so a hit allocates nothing.
const keys = new Map<string, { key: Buffer }>();
const KEY_CACHE_LIMIT = 64;

/** The HMAC key of a `whsec_<base64>` secret, or why it is not one. */
export function parseSecret(secret: string): { key: Buffer } | { problem: string } {
  const cached = keys.get(secret);
  if (cached) return cached;
  if (!secret.startsWith(SECRET_PREFIX))
    return { problem: `a signing secret starts with "${SECRET_PREFIX}"` };
  const encoded = secret.slice(SECRET_PREFIX.length);
  if (!BASE64.test(encoded) || encoded.length % 4 !== 0)
    return { problem: `the part after "${SECRET_PREFIX}" is not base64` };
  const parsed = { key: Buffer.from(encoded, 'base64') };
  if (keys.size >= KEY_CACHE_LIMIT) keys.clear();
  keys.set(secret, parsed);
  return parsed;
}
