import type { Check } from '../check.js';
import { differingKeys } from '../expect-answer.js';

/**
 * AUTH-10: the authorization-server metadata (RFC 8414) with the fields SPEC.md's resolution names.
 */
export const auth10Metadata: Check = {
  requirements: ['AUTH-10'],
  basis: 'stated',
  title: 'The metadata document names the endpoints, code, the two grants and S256',
  async run({ call, profile, report }) {
    const answer = await call({ path: '/.well-known/oauth-authorization-server' });
    const body = answer.body ?? {};
    const sorted = (value: unknown) => (Array.isArray(value) ? [...value].sort() : value);
    const seen = {
      status: answer.status,
      issuer: body.issuer,
      authorization_endpoint: typeof body.authorization_endpoint,
      token_endpoint: typeof body.token_endpoint,
      response_types_supported: sorted(body.response_types_supported),
      grant_types_supported: sorted(body.grant_types_supported),
      code_challenge_methods_supported: sorted(body.code_challenge_methods_supported),
      token_endpoint_auth_methods_supported: Array.isArray(
        body.token_endpoint_auth_methods_supported,
      ),
    };
    const wanted = {
      status: 200,
      issuer: profile.authUrl.replace(/\/$/, ''),
      authorization_endpoint: 'string',
      token_endpoint: 'string',
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: true,
    };
    const differs = differingKeys(wanted, seen);
    if (differs.length)
      report({
        message: `the metadata differs in ${differs.join(', ')}`,
        expected: wanted,
        actual: seen,
      });
  },
};
