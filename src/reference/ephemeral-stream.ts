import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Credential } from '../http/front-config.js';
import { writeJson } from '../http/http-io.js';
import { errorBody } from '../http/spec-error.js';
import type { EphemeralHub } from './ephemeral-hub.js';
import { actingUser } from './principal.js';

/** Where a signed-in user's client listens for its ephemeral messages (server-sent events). */
export const EPHEMERAL_STREAM = '/reference/ephemeral-stream';

/**
 * Past this many bytes waiting for a slow client, its messages are dropped: delivery is best effort
 * (EPH-05).
 */
const MAX_PENDING_BYTES = 1024 * 1024;

export function isEphemeralStream(req: IncomingMessage): boolean {
  return (req.url ?? '').split('?')[0] === EPHEMERAL_STREAM;
}

interface StreamOptions {
  hub: EphemeralHub;
  resolveToken: (bearer: string) => Promise<Credential | undefined>;
}

/**
 * `GET {EPHEMERAL_STREAM}?user=<id>`: the user's client, receiving that user's ephemeral messages.
 * It stands in for the user's own signed-in client, so it answers only a credential acting as that
 * user, sent as `Authorization: Bearer`: their personal access token or a personal-access OAuth
 * grant they made. An organization credential acts as the app's bot, not as any person, and may no
 * more read a user's private messages than another user may: 403. Errors are in the v1 shape:
 * 401 `not_authed`, `invalid_token` or `token_revoked` (AUTH-01, AUTH-02); 403 `not_allowed`;
 * 400 `missing_parameter` without `user`; 429 or 503 `too_many_streams` past the hub's limits.
 */
export async function streamEphemeral(
  req: IncomingMessage,
  res: ServerResponse,
  { hub, resolveToken }: StreamOptions,
): Promise<void> {
  const refuse = (status: number, code: string, headers: Record<string, string> = {}) =>
    writeJson(res, status, headers, errorBody('v1', { status, code }));
  if (req.method !== 'GET') return refuse(405, 'method_not_allowed', { allow: 'GET' });
  const bearer = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
  if (bearer === undefined) return refuse(401, 'not_authed');
  const token = await resolveToken(bearer);
  if (!token || token.expired) return refuse(401, 'invalid_token');
  if (token.revoked) return refuse(401, 'token_revoked');
  const user = new URL(req.url ?? '/', 'http://reference.invalid').searchParams.get('user');
  if (!user) return refuse(400, 'missing_parameter');
  if (actingUser(token) !== user) return refuse(403, 'not_allowed');
  // The client may have gone while its credential was looked up: then nothing is connected.
  if (res.destroyed) return;
  const connection = hub.connect(user, (message) => {
    if (res.writableLength <= MAX_PENDING_BYTES)
      res.write(`event: ephemeral\ndata: ${JSON.stringify(message)}\n\n`);
  });
  if (!connection.ok) return refuse(connection.limit === 'user' ? 429 : 503, 'too_many_streams');
  res.on('close', connection.disconnect);
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
  res.write(': connected\n\n');
}
