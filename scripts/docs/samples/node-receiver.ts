import { createServer } from 'node:http';
import { LATEST } from '../sample-version.ts';
import { createNodeReceiver } from '../../../src/webhooks/index.ts';

// Verifies, parses and hands on each delivery, and answers for you: 204 accepted, 401 not
// signed with your secret, 400 not a valid payload, 413 too large, 500 when onDelivery throws.
export const receive = createNodeReceiver({
  secret: process.env.WEBHOOK_SECRET ?? '', // whsec_..., your app's signing secret
  version: LATEST, // the version your subscription was created with
  dedupe: true, // a retry of a webhook-id already handled is acknowledged, not handled twice
  onDelivery: (delivery) => {
    // Typed by event. Answer within 3 seconds: queue slow work rather than await it here.
    if (delivery.event === 'chat.message') console.log(delivery.payload.data.text);
  },
});

if (process.argv[1] === import.meta.filename) createServer(receive).listen(3000);
