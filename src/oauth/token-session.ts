import { refreshTokens } from './authorize.js';
import type { OAuthOptions, Tokens } from './options.js';

/** The grant was revoked: both tokens are discarded and the user must authorize again (AUTH-09). */
export class TokenRevokedError extends Error {
  readonly code = 'token_revoked';
  constructor() {
    super('the grant was revoked (token_revoked): both tokens were discarded; authorize again');
  }
}

/** The code of a 401 answer, from `error` (v1) or `code` (v0) (AUTH-02). */
async function unauthorizedCode(response: Response): Promise<string | undefined> {
  if (response.status !== 401) return undefined;
  const body = (await response
    .clone()
    .json()
    .catch(() => undefined)) as { error?: unknown; code?: unknown } | undefined;
  const code = body?.error ?? body?.code;
  return typeof code === 'string' ? code : undefined;
}

export interface TokenSession {
  /**
   * `fetch` with the current access token: refreshes once on `invalid_token`, stops on
   * `token_revoked`.
   */
  fetch(request: Request): Promise<Response>;
  /** The current tokens, or undefined once revoked. */
  readonly tokens: Tokens | undefined;
}

/**
 * Calls the API as one grant. `invalid_token` is worth a refresh: the session refreshes (keeping
 * the rotated refresh token, AUTH-08) and retries the request once. `token_revoked` is terminal:
 * both tokens are discarded and `TokenRevokedError` is thrown (AUTH-09).
 */
export function createTokenSession(
  options: OAuthOptions,
  initial: Tokens,
  onTokens?: (tokens: Tokens | undefined) => void,
): TokenSession {
  let tokens: Tokens | undefined = initial;
  const send = (request: Request, current: Tokens) => {
    const authorized = new Request(request);
    authorized.headers.set('Authorization', `Bearer ${current.accessToken}`);
    return (options.fetch ?? fetch)(authorized);
  };
  const discard = () => {
    tokens = undefined;
    onTokens?.(undefined);
    return new TokenRevokedError();
  };
  return {
    get tokens() {
      return tokens;
    },
    async fetch(request) {
      if (!tokens) throw new TokenRevokedError();
      // Kept for the one retry: a request body can be read only once.
      const retry = request.clone();
      const response = await send(request, tokens);
      const code = await unauthorizedCode(response);
      if (code === 'token_revoked') throw discard();
      if (code !== 'invalid_token' || !tokens.refreshToken) return response;
      try {
        tokens = await refreshTokens(options, tokens);
      } catch (error) {
        if ((error as { error?: unknown }).error === 'token_revoked') throw discard();
        throw error;
      }
      onTokens?.(tokens);
      const retried = await send(retry, tokens);
      if ((await unauthorizedCode(retried)) === 'token_revoked') throw discard();
      return retried;
    },
  };
}
