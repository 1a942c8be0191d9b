import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, RequestListener } from 'node:http';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { Webhook as SvixWebhook } from 'svix';
import { fetchListener } from '../../webhooks/http-harness.ts';
import { SECRET } from './receivers.ts';

// Correct receivers that do not use this package, written as the libraries' own documentation
// shows: verify the raw body with the `whsec_` secret, 2xx when it verifies, 4xx when it does not.
// They know nothing of versions or events, as most receivers in the field: the specification asks a receiver
// to verify (DLV-03) and acknowledge (DLV-01), and to ignore what it does not know (VER-07).

/** The raw body as a Buffer, as `express.raw({ type: 'application/json' })` gives it. */
function rawBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** The header values as strings, the shape the libraries' `verify` takes. */
function headersOf(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers))
    if (typeof value === 'string') headers[name] = value;
  return headers;
}

/**
 * Express with `express.raw()` and the `standardwebhooks` library: `verify` throws on a delivery
 * that fails, and the handler answers 400, as its README does.
 */
export const standardWebhooksReceiver = (): RequestListener => {
  const webhook = new StandardWebhook(SECRET);
  return (req, res) => {
    void rawBody(req).then((body) => {
      try {
        webhook.verify(body, headersOf(req));
      } catch {
        return void res.writeHead(400).end();
      }
      res.writeHead(204).end();
    });
  };
};

/**
 * Hono (a Fetch API handler) with the `svix` library: `c.req.text()` for the raw body, `verify`
 * over it and the headers (it reads `webhook-*` as well as `svix-*`), 400 when it throws, as the
 * Svix documentation does.
 */
export const svixReceiver = (): RequestListener => {
  const webhook = new SvixWebhook(SECRET);
  return fetchListener(async (request) => {
    const payload = await request.text();
    try {
      webhook.verify(payload, Object.fromEntries(request.headers));
    } catch {
      return new Response(null, { status: 400 });
    }
    return new Response(null, { status: 204 });
  });
};

/** Five minutes, the tolerance Standard Webhooks suggests. */
const TOLERANCE_SECONDS = 300;

/**
 * Plain `node:http` with its own HMAC (`node:crypto`): the key is the base64 after `whsec_`, the
 * signed content `{id}.{timestamp}.{raw body}`, every `v1,` entry compared in constant time;
 * 401 for anything that does not verify, 200 with a small JSON answer otherwise.
 */
export const plainHmacReceiver = (): RequestListener => {
  const key = Buffer.from(SECRET.slice('whsec_'.length), 'base64');
  const verifies = (req: IncomingMessage, body: Buffer): boolean => {
    const id = req.headers['webhook-id'];
    const stamp = req.headers['webhook-timestamp'];
    const signatures = req.headers['webhook-signature'];
    if (typeof id !== 'string' || typeof stamp !== 'string' || typeof signatures !== 'string')
      return false;
    const timestamp = Number(stamp);
    if (!Number.isInteger(timestamp)) return false;
    if (Math.abs(Date.now() / 1000 - timestamp) > TOLERANCE_SECONDS) return false;
    const expected = createHmac('sha256', key).update(`${id}.${stamp}.`).update(body).digest();
    return signatures.split(' ').some((entry) => {
      const [version, value] = entry.split(',');
      if (version !== 'v1' || value === undefined) return false;
      const given = Buffer.from(value, 'base64');
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
  };
  return (req, res) => {
    void rawBody(req).then((body) => {
      if (!verifies(req, body)) return void res.writeHead(401).end();
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
    });
  };
};
