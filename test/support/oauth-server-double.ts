import { createHash, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small OAuth server on loopback for testing the helpers: PKCE S256, Basic or body client auth,
 * refresh rotation without escalation, revocation. Only what the helper tests need.
 */
export async function startOAuthDouble() {
  const clients: Record<string, string | undefined> = {
    app_public: undefined,
    app_confidential: 'cs_secret',
  };
  const codes = new Map<
    string,
    { clientId: string; redirectUri: string; challenge: string; scope: string }
  >();
  const grants = new Map<
    string,
    { scope: string; revoked: boolean; access: string; refresh: string; expired: boolean }
  >();
  const seen: Array<{
    grant: string;
    auth: 'basic' | 'post' | 'none';
    form: Record<string, string>;
  }> = [];

  const issue = (grantId: string, scope: string) => {
    const grant = {
      scope,
      revoked: false,
      access: `at_${randomUUID()}`,
      refresh: `rt_${randomUUID()}`,
      expired: false,
    };
    grants.set(grantId, grant);
    return {
      access_token: grant.access,
      token_type: 'Bearer',
      expires_in: 604800,
      refresh_token: grant.refresh,
      scope,
    };
  };
  const byToken = (kind: 'access' | 'refresh', token: string) =>
    [...grants.entries()].find(([, g]) => g[kind] === token);

  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk));
    req.on('end', () => {
      const reply = (status: number, body: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.url === '/v1/resource') {
        const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
        const grant = byToken('access', token)?.[1];
        if (!grant) return reply(401, { error: 'invalid_token' });
        if (grant.revoked) return reply(401, { error: 'token_revoked' });
        if (grant.expired) return reply(401, { error: 'invalid_token' });
        return reply(200, { ok: true, body: raw });
      }
      if (req.url !== '/oauth/token') return reply(404, {});
      const form = Object.fromEntries(new URLSearchParams(raw));
      const basic = req.headers.authorization?.startsWith('Basic ')
        ? Buffer.from(req.headers.authorization.slice(6), 'base64')
            .toString()
            .split(':')
            .map(decodeURIComponent)
        : undefined;
      const clientId = basic?.[0] ?? form.client_id ?? '';
      const secret = basic?.[1] ?? form.client_secret;
      seen.push({
        grant: form.grant_type ?? '',
        auth: basic ? 'basic' : form.client_secret ? 'post' : 'none',
        form,
      });
      if (!(clientId in clients) || clients[clientId] !== secret)
        return reply(401, { error: 'invalid_client' });
      if (form.grant_type === 'authorization_code') {
        const code = codes.get(form.code ?? '');
        codes.delete(form.code ?? '');
        if (!code || code.clientId !== clientId || code.redirectUri !== form.redirect_uri)
          return reply(400, { error: 'invalid_grant' });
        const challenge = createHash('sha256')
          .update(form.code_verifier ?? '')
          .digest('base64url');
        if (challenge !== code.challenge)
          return reply(400, {
            error: 'invalid_grant',
            error_description: 'PKCE verification failed',
          });
        return reply(200, issue(randomUUID(), code.scope));
      }
      if (form.grant_type === 'refresh_token') {
        const found = byToken('refresh', form.refresh_token ?? '');
        if (!found) return reply(400, { error: 'invalid_grant' });
        const [grantId, grant] = found;
        if (grant.revoked) return reply(400, { error: 'token_revoked' });
        const asked = form.scope ? form.scope.split(' ') : grant.scope.split(' ');
        if (asked.some((s) => !grant.scope.split(' ').includes(s)))
          return reply(400, { error: 'invalid_scope' });
        return reply(200, issue(grantId, asked.join(' ')));
      }
      return reply(400, { error: 'unsupported_grant_type' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    grants,
    /** What the authorize step would record on consent; returns the code. */
    consent(
      clientId: string,
      redirectUri: string,
      challenge: string,
      scope = 'chat:write webhook:read',
    ) {
      const code = `code_${randomUUID()}`;
      codes.set(code, { clientId, redirectUri, challenge, scope });
      return code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
