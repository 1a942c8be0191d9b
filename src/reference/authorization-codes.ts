import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** What a code stands for until it is exchanged. */
export interface AuthorizationCode {
  clientId: string;
  redirectUri: string;
  scope: string;
  codeChallenge?: string;
}

/** An authorization request the user was shown and has not answered yet. */
export interface PendingConsent extends AuthorizationCode {
  state?: string;
}

/**
 * Codes live 60 seconds and are single-use (AUTH-05): a code is forgotten the moment it is taken.
 */
const CODE_SECONDS = 60;
/** How long the consent page's form can be submitted. */
const CONSENT_SECONDS = 600;
/**
 * At most this many codes, and as many unanswered consent pages, are held: anyone can open the
 * authorize page, so the oldest entries give way rather than memory growing without bound.
 */
export const MAX_PENDING = 1000;

/**
 * A single-use, short-lived table under unguessable keys, oldest first (Map keeps insertion order).
 */
function createExpiringTable<T>(prefix: string, seconds: number) {
  const entries = new Map<string, { value: T; expiresAt: number }>();
  const sweep = (now: number) => {
    for (const [key, entry] of entries) {
      if (entry.expiresAt >= now && entries.size < MAX_PENDING) return;
      entries.delete(key);
    }
  };
  return {
    issue(value: T, now: number): string {
      sweep(now);
      const key = `${prefix}${randomBytes(24).toString('base64url')}`;
      entries.set(key, { value, expiresAt: now + seconds });
      return key;
    },
    take(key: string, now: number): T | undefined {
      const entry = entries.get(key);
      entries.delete(key);
      return entry && entry.expiresAt >= now ? entry.value : undefined;
    },
  };
}

/** Equal in constant time: SHA-256 digests have one length whatever was sent. */
function sameValue(sent: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(sent), digest(expected));
}

/**
 * In memory: a code or a consent form outliving a restart would only be one that cannot be used.
 * A consent form's token stands for the whole authorization request (client, redirect URI, state,
 * PKCE challenge, scope), kept here rather than in the form, and is bound to the browser that was
 * shown the page by a cookie sent with it.
 */
export function createCodeStore() {
  const codes = createExpiringTable<AuthorizationCode>('code_', CODE_SECONDS);
  const consents = createExpiringTable<{ request: PendingConsent; browser: string }>(
    'consent_',
    CONSENT_SECONDS,
  );
  return {
    issue: (code: AuthorizationCode, now: number): string => codes.issue(code, now),
    take: (value: string, now: number): AuthorizationCode | undefined => codes.take(value, now),
    /** Holds a request until its consent form comes back; returns the form's token. */
    awaitConsent: (request: PendingConsent, browser: string, now: number): string =>
      consents.issue({ request, browser }, now),
    /** The request of a consent token, once, from the browser it was issued to. */
    takeConsent(
      token: string,
      browser: string | undefined,
      now: number,
    ): PendingConsent | undefined {
      const pending = consents.take(token, now);
      return pending && browser !== undefined && sameValue(browser, pending.browser)
        ? pending.request
        : undefined;
    },
  };
}

export type CodeStore = ReturnType<typeof createCodeStore>;
