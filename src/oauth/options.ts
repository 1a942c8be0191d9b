import * as oauth from 'oauth4webapi';

/** How an app reaches the Service's OAuth server and authenticates to it. */
export interface OAuthOptions {
  /** `{auth_url}`, the host of `/oauth/authorize` and `/oauth/token`. */
  authUrl: string;
  clientId: string;
  /** Confidential clients only; public clients use PKCE alone (AUTH-04, AUTH-06). */
  clientSecret?: string;
  /** How a confidential client sends its secret: HTTP Basic (default) or in the form body. */
  clientAuth?: 'basic' | 'post';
  /** Exactly one of the app's registered redirect URIs (AUTH-05). */
  redirectUri: string;
  fetch?: typeof fetch;
  /** Allow `http:` URLs, for a local mock or reference server only. */
  allowInsecureRequests?: boolean;
}

/** The tokens of one grant, as the token endpoint returned them (AUTH-07). */
export interface Tokens {
  accessToken: string;
  refreshToken?: string;
  expiresIn?: number;
  scope?: string;
}

/** The authorization server at its documented paths. */
export function authorizationServer(options: OAuthOptions): oauth.AuthorizationServer {
  const base = options.authUrl.replace(/\/+$/, '');
  return {
    issuer: base,
    authorization_endpoint: `${base}/oauth/authorize`,
    token_endpoint: `${base}/oauth/token`,
  };
}

export function clientOf(options: OAuthOptions): oauth.Client {
  return { client_id: options.clientId };
}

export function clientAuthOf(options: OAuthOptions): oauth.ClientAuth {
  if (options.clientSecret === undefined) return oauth.None();
  return options.clientAuth === 'post'
    ? oauth.ClientSecretPost(options.clientSecret)
    : oauth.ClientSecretBasic(options.clientSecret);
}

export function requestOptions(options: OAuthOptions): oauth.TokenEndpointRequestOptions {
  return {
    ...(options.fetch
      ? { [oauth.customFetch]: (url: string, init: RequestInit) => options.fetch!(url, init) }
      : {}),
    // oauth4webapi refuses http: unless told; only local servers are meant here.
    ...(options.allowInsecureRequests ? { [oauth.allowInsecureRequests]: true } : {}),
  };
}

export function tokensOf(response: oauth.TokenEndpointResponse, previous?: Tokens): Tokens {
  return {
    accessToken: response.access_token,
    // AUTH-08: a refresh typically rotates the refresh token; when it does not, the old one stays.
    refreshToken: response.refresh_token ?? previous?.refreshToken,
    expiresIn: response.expires_in,
    scope: response.scope,
  };
}
