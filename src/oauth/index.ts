export {
  type AuthorizationRequest,
  createAuthorizationRequest,
  exchangeCode,
  refreshTokens,
} from './authorize.js';
export { type OAuthOptions, type Tokens } from './options.js';
export { TokenRevokedError, type TokenSession, createTokenSession } from './token-session.js';
