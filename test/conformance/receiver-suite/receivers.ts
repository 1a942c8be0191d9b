import { createHmac } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { fetchListener } from '../../webhooks/http-harness.ts';
import { ANSWER_WITHIN_MS } from '../../../src/devloop/send-delivery.ts';
import { memoryDedupeStore } from '../../../src/webhooks/dedupe.ts';
import { createFetchReceiver } from '../../../src/webhooks/fetch-receiver.ts';
import { parseWebhook } from '../../../src/webhooks/parse.ts';
import { type ReceiverOptions, createNodeReceiver } from '../../../src/webhooks/receiver.ts';
import { verifyWebhook } from '../../../src/webhooks/verify.ts';
import { type WebhookVersion, isEnveloped } from '../../../src/webhooks/versions.ts';

// Webhook endpoints to run the receiver suite against: correct ones built on the library's two
// receivers, and faulty ones with one bug each. They serve `/hooks/<version>/<event>`, the URL
// the suite is given as `/hooks/{version}/{event}`: v0 and baseline payloads do not name their
// event (VER-08), so a receiver of several learns it from the URL it subscribed.

export const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
export const URL_TEMPLATE = '/hooks/{version}/{event}';

type Options = ReceiverOptions<WebhookVersion>;

/** The version and event a request's path names, or undefined. */
function routeOf(url: string | undefined): { version: WebhookVersion; event: string } | undefined {
  const match = /^\/hooks\/([^/]+)\/([^/?]+)/.exec(url ?? '');
  if (!match) return undefined;
  return {
    version: decodeURIComponent(match[1]!) as WebhookVersion,
    event: decodeURIComponent(match[2]!),
  };
}

/** The library's options for one route: the event only where payloads do not name it. */
function optionsFor(
  route: { version: WebhookVersion; event: string },
  extra: Partial<Options> = {},
): Options {
  return {
    secret: SECRET,
    version: route.version,
    ...(isEnveloped(route.version) ? {} : { event: route.event }),
    dedupe: true,
    onDelivery: () => {},
    ...extra,
  };
}

/** One receiver per route, made on first use, answering 404 off the routes. */
function routed(make: (route: { version: WebhookVersion; event: string }) => RequestListener) {
  const made = new Map<string, RequestListener>();
  const listener: RequestListener = (req, res) => {
    const route = routeOf(req.url);
    if (!route) return void res.writeHead(404).end();
    const key = `${route.version} ${route.event}`;
    if (!made.has(key)) made.set(key, make(route));
    made.get(key)!(req, res);
  };
  return listener;
}

/** The correct receiver on `createNodeReceiver`. */
export const nodeReceiver = (): RequestListener =>
  routed((route) => createNodeReceiver(optionsFor(route)));

/** The correct receiver on `createFetchReceiver`, behind a Node server as frameworks run it. */
export const fetchReceiver = (): RequestListener =>
  routed((route) => fetchListener(createFetchReceiver(optionsFor(route))));

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

function answer(res: ServerResponse, status: number): void {
  res.writeHead(status).end();
}

/**
 * A receiver written by hand on `verifyWebhook` and `parseWebhook`, with one bug: `verify` and
 * `accept` stand where a correct one would verify and accept.
 */
function byHand(bug: {
  verify?: (req: IncomingMessage, body: string) => boolean;
  accept?: (payload: Record<string, unknown>, version: WebhookVersion) => boolean;
}): RequestListener {
  return (req, res) => {
    const route = routeOf(req.url);
    if (!route) return answer(res, 404);
    void readBody(req).then((body) => {
      const verified = bug.verify
        ? bug.verify(req, body)
        : verifyWebhook({ secret: SECRET, headers: req.headers, body }).ok;
      if (!verified) return answer(res, 401);
      const event = isEnveloped(route.version) ? undefined : route.event;
      const parsed = parseWebhook({ version: route.version, event, body, headers: req.headers });
      if (!parsed.ok) return answer(res, 400);
      const payload = JSON.parse(body) as Record<string, unknown>;
      answer(res, !bug.accept || bug.accept(payload, route.version) ? 204 : 400);
    });
  };
}

/** Known top-level fields: what the documents of the suite's payloads hold, nothing added. */
const KNOWN_FIELDS = new Set([
  ...['type', 'eventId', 'timestamp', 'apiVersion', 'data', 'contentType', 'sender', 'chat'],
  ...['text', 'recipient', 'messageId', 'messageTimestamp', 'messageSender', 'chatType'],
  ...['reactions', 'booking', 'id', 'event', 'guest', 'guests', 'meetingId', 'start'],
  ...['location', 'hostEmail', 'name', 'imageUrl', 'email', 'isAdmin', 'status', 'willReturn'],
]);

/**
 * The faulty receivers, each with the checks of the default set it must fail and no other: the
 * six bugs the suite is asked to catch, then one for each check none of those fails.
 */
export const FAULTY: Array<
  [string, { listener: () => RequestListener; fails: string[]; versions?: WebhookVersion[] }]
> = [
  [
    'accepts any signature',
    {
      // Headers present and fresh, but the HMAC is never compared.
      listener: () =>
        byHand({
          verify: (req, body) => {
            const result = verifyWebhook({ secret: SECRET, headers: req.headers, body });
            return result.ok || /signature/.test(result.reason);
          },
        }),
      fails: ['dlv-03-tampered-body', 'dlv-03-wrong-secret', 'dlv-03-unknown-signature-version'],
    },
  ],
  [
    'ignores the timestamp',
    {
      // The delivery's own timestamp taken as now: any age passes.
      listener: () =>
        byHand({
          verify: (req, body) => {
            const stamp = Number(req.headers['webhook-timestamp']);
            const now = Number.isSafeInteger(stamp) && stamp >= 0 ? stamp : undefined;
            return verifyWebhook({ secret: SECRET, headers: req.headers, body, now }).ok;
          },
        }),
      fails: ['dlv-02-timestamp-tolerance'],
    },
  ],
  [
    'rejects unknown fields',
    {
      listener: () =>
        byHand({ accept: (payload) => Object.keys(payload).every((k) => KNOWN_FIELDS.has(k)) }),
      fails: ['dlv-12-unknown-fields'],
    },
  ],
  [
    'answers after the 3 s window',
    {
      // Slow work before the answer, where it should be queued after it. Just past the window
      // (DLV-08): every check that waits for an acknowledgement waits this long for each.
      listener: () =>
        routed((route) =>
          createNodeReceiver(
            optionsFor(route, {
              onDelivery: () => new Promise((r) => setTimeout(r, ANSWER_WITHIN_MS + 500)),
            }),
          ),
        ),
      fails: ['dlv-01-every-event'],
      // Every delivery it acknowledges takes longer than the window: one version is enough to show it.
      versions: ['2026-08-25'],
    },
  ],
  [
    'rejects a retry of a known id',
    {
      listener: () => {
        const seen = memoryDedupeStore();
        return routed((route) => {
          const receive = createNodeReceiver(
            optionsFor(route, {
              dedupe: false,
              onDelivery: (delivery) => seen.add(delivery.delivery.webhookId!),
            }),
          );
          return (req, res) => {
            const id = req.headers['webhook-id'];
            if (typeof id === 'string' && seen.has(id)) return answer(res, 409);
            receive(req, res);
          };
        });
      },
      fails: ['dlv-04-retry-accepted'],
    },
  ],
  [
    'accepts a delivery with no signature header',
    {
      // Verifies what is signed, but lets an unsigned delivery through.
      listener: () =>
        byHand({
          verify: (req, body) =>
            req.headers['webhook-signature'] === undefined ||
            verifyWebhook({ secret: SECRET, headers: req.headers, body }).ok,
        }),
      fails: ['dlv-02-missing-header'],
    },
  ],
  [
    'verifies re-serialized JSON instead of the raw body',
    {
      // The commonest bug: the body was parsed first, and the signature is checked over
      // JSON.stringify of what was parsed, which equals the bytes sent only for compact JSON.
      listener: () =>
        byHand({
          verify: (req, body) =>
            verifyWebhook({
              secret: SECRET,
              headers: req.headers,
              body: JSON.stringify(JSON.parse(body)),
            }).ok,
        }),
      fails: ['dlv-03-raw-bytes'],
    },
  ],
  [
    'accepts only the first signature of a list',
    {
      listener: () =>
        routed((route) => {
          const receive = createNodeReceiver(optionsFor(route));
          return (req, res) => {
            const list = req.headers['webhook-signature'];
            if (typeof list === 'string') req.headers['webhook-signature'] = list.split(' ')[0];
            receive(req, res);
          };
        }),
      fails: ['dlv-03-secret-rotation'],
    },
  ],
];

/**
 * A receiver the opt-in shape check warns about, and nothing fails: it verifies and acknowledges
 * every validly signed delivery, whatever its shape, as the specification allows (VER-07).
 */
export const SHAPE_BLIND = (): RequestListener =>
  routed(() => (req, res) => {
    void readBody(req).then((body) => {
      const verified = verifyWebhook({ secret: SECRET, headers: req.headers, body }).ok;
      answer(res, verified ? 204 : 401);
    });
  });

/**
 * A receiver whose every verification fails: it takes the text of the secret as the HMAC key
 * instead of the base64 after `whsec_`, decoded, so it answers 401 to every delivery (DLV-03).
 */
export const SECRET_AS_TEXT = (): RequestListener =>
  byHand({
    verify: (req, body) => {
      const { 'webhook-id': id, 'webhook-timestamp': stamp } = req.headers;
      const digest = createHmac('sha256', SECRET).update(`${id}.${stamp}.${body}`).digest('base64');
      return String(req.headers['webhook-signature']).split(' ').includes(`v1,${digest}`);
    },
  });
