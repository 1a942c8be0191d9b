import * as oauth from 'oauth4webapi';
import {
  type OAuthOptions,
  type Tokens,
  authorizationServer,
  clientAuthOf,
  clientOf,
  requestOptions,
  tokensOf,
} from './options.js';

/** What to keep between sending the user to authorize and handling the redirect. */
export interface AuthorizationRequest {
  url: URL;
  state: string;
  codeVerifier: string;
}

/**
 * The authorize URL with a fresh `state` and a PKCE `S256` challenge (AUTH-05, AUTH-06): PKCE is
 * sent for every client, public or confidential, and never with `plain`.
 */
export async function createAuthorizationRequest(
  options: OAuthOptions,
  scope?: string[],
): Promise<AuthorizationRequest> {
  const state = oauth.generateRandomState();
  const codeVerifier = oauth.generateRandomCodeVerifier();
  const url = new URL(authorizationServer(options).authorization_endpoint!);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: options.clientId,
    redirect_uri: options.redirectUri,
    state,
    code_challenge: await oauth.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    ...(scope ? { scope: scope.join(' ') } : {}),
  }).toString();
  return { url, state, codeVerifier };
}

/**
 * Exchanges the code of the redirect for tokens, after checking that `state` came back unchanged.
 * Throws oauth4webapi's errors: an OAuth error answer is a `ResponseBodyError` with its `error`.
 */
export async function exchangeCode(
  options: OAuthOptions,
  callbackUrl: string | URL,
  request: Pick<AuthorizationRequest, 'state' | 'codeVerifier'>,
): Promise<Tokens> {
  const server = authorizationServer(options);
  const client = clientOf(options);
  const params = oauth.validateAuthResponse(server, client, new URL(callbackUrl), request.state);
  const response = await oauth.authorizationCodeGrantRequest(
    server,
    client,
    clientAuthOf(options),
    params,
    options.redirectUri,
    request.codeVerifier,
    requestOptions(options),
  );
  return tokensOf(await oauth.processAuthorizationCodeResponse(server, client, response));
}

/**
 * Refreshes a grant (AUTH-08). Pass `scope` only to narrow: asking for more than the grant has is
 * refused by the server. The returned tokens carry the rotated refresh token, or the old one.
 */
export async function refreshTokens(
  options: OAuthOptions,
  tokens: Tokens,
  scope?: string[],
): Promise<Tokens> {
  if (!tokens.refreshToken) throw new TypeError('these tokens have no refresh token');
  const server = authorizationServer(options);
  const client = clientOf(options);
  const response = await oauth.refreshTokenGrantRequest(
    server,
    client,
    clientAuthOf(options),
    tokens.refreshToken,
    {
      ...requestOptions(options),
      ...(scope ? { additionalParameters: { scope: scope.join(' ') } } : {}),
    },
  );
  return tokensOf(await oauth.processRefreshTokenResponse(server, client, response), tokens);
}
