export { type AuthorizationRequest, createAuthorizationRequest, exchangeCode, refreshTokens } from './authorize.ts';
export { type OAuthOptions, type Tokens } from './options.ts';
export { TokenRevokedError, type TokenSession, createTokenSession } from './token-session.ts';
