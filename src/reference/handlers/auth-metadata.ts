import type { Handler } from './handler.js';

/** AUTH-10: RFC 8414 metadata, with the URLs this instance is reached at. */
export const authMetadata: Handler = async ({ request }) => {
  const issuer = `http://${request.headers.host ?? '127.0.0.1'}`;
  return {
    status: 200,
    body: {
      issuer,
      authorization_endpoint: `${issuer}/oauth/authorize`,
      token_endpoint: `${issuer}/oauth/token`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
    },
  };
};
