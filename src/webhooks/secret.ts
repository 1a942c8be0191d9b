/** The prefix of every webhook signing secret (AUTH-12). */
export const SECRET_PREFIX = 'whsec_';

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

import { type KeyObject, createSecretKey } from 'node:crypto';

// An app has one secret, two while rotating: decoding and importing it per delivery is wasted work.
const keys = new Map<string, KeyObject>();
const KEY_CACHE_LIMIT = 64;

/** The HMAC key of a `whsec_<base64>` secret, or why it is not one. */
export function parseSecret(secret: string): { key: KeyObject } | { problem: string } {
  const cached = keys.get(secret);
  if (cached) return { key: cached };
  if (!secret.startsWith(SECRET_PREFIX)) return { problem: `a signing secret starts with "${SECRET_PREFIX}"` };
  const encoded = secret.slice(SECRET_PREFIX.length);
  if (!BASE64.test(encoded) || encoded.length % 4 !== 0) return { problem: `the part after "${SECRET_PREFIX}" is not base64` };
  const key = createSecretKey(Buffer.from(encoded, 'base64'));
  if (keys.size >= KEY_CACHE_LIMIT) keys.clear();
  keys.set(secret, key);
  return { key };
}
