import type { Check } from '../run/check.js';
import {
  exchangeCode,
  expectRefusal,
  expectTokens,
  obtainCode,
  oauthClient,
  runFlow,
  tokenRequest,
} from '../oauth/index.js';

/**
 * AUTH-04: a confidential client authenticates by HTTP Basic or by `client_secret` in the form
 * body; a public one sends no secret but a `code_verifier`. Stated is that a wrong secret or a
 * missing verifier is refused (a 4xx, no tokens); RFC 6749 §5.2's codes and statuses are the
 * reading AUTH.oauth-error-codes: `invalid_client` with 401 where the client authenticated by the
 * Authorization header, 400 or 401 where its secret came in the body. A refresh is sent both ways
 * too, with the wrong secret and the right one.
 */
export const auth04ClientAuthentication: Check = {
  requirements: ['AUTH-04'],
  basis: 'stated',
  title: 'Client secret by Basic or form body; public clients prove themselves with code_verifier',
  async run(context) {
    const confidential = oauthClient(context, 'confidential');
    const open = oauthClient(context, 'public');
    if ('skip' in confidential) return confidential;
    if ('skip' in open) return open;
    const wrong = { ...confidential, secret: 'not-the-secret' };
    return runFlow(context, async () => {
      for (const auth of ['basic', 'body'] as const) {
        const how = auth === 'basic' ? 'HTTP Basic' : 'its secret in the body';
        const refusal = { status: auth === 'basic' ? 401 : [400, 401], error: 'invalid_client' };
        const tokens = expectTokens(
          context,
          `a confidential client with ${how}`,
          await exchangeCode(context, confidential, await obtainCode(context, confidential), auth),
        );
        expectRefusal(
          context,
          `a confidential client with a wrong secret by ${auth === 'basic' ? 'HTTP Basic' : 'the body'}`,
          await exchangeCode(context, wrong, await obtainCode(context, confidential), auth),
          refusal,
        );
        // A refresh authenticates the client the same two ways: the wrong secret first, so that
        // the right one still holds the refresh token the grant gave.
        const refresh = tokens?.refresh_token;
        if (!refresh) continue;
        const form = { grant_type: 'refresh_token', refresh_token: refresh };
        expectRefusal(
          context,
          `a refresh with a wrong secret by ${auth === 'basic' ? 'HTTP Basic' : 'the body'}`,
          await tokenRequest(context, wrong, form, auth),
          refusal,
        );
        expectTokens(
          context,
          `a refresh with ${how}`,
          await tokenRequest(context, confidential, form, auth),
        );
      }
      const code = await obtainCode(context, open);
      expectRefusal(
        context,
        'a public client without code_verifier',
        await tokenRequest(context, open, {
          grant_type: 'authorization_code',
          code: code.code,
          redirect_uri: open.redirectUris[0],
        }),
        // RFC 7636 §4.6: a verifier that does not verify is `invalid_grant`; a missing parameter
        // reads as `invalid_request` (RFC 6749 §5.2).
        { error: ['invalid_grant', 'invalid_request'] },
      );
      expectTokens(
        context,
        'a public client with its code_verifier',
        await exchangeCode(context, open, await obtainCode(context, open)),
      );
    });
  },
};
