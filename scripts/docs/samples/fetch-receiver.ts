import { createFetchReceiver } from '../../../src/webhooks/index.ts';
import { LATEST } from '../sample-version.ts';

// A Next.js route handler (app/webhooks/route.ts). The same function serves Hono
// (`app.post('/webhooks', (c) => POST(c.req.raw))`), Deno (`Deno.serve(POST)`), Bun
// (`Bun.serve({ fetch: POST })`) and workers: it takes a Request and resolves to a Response.
export const POST = createFetchReceiver({
  secret: process.env.WEBHOOK_SECRET ?? '',
  version: LATEST,
  dedupe: true,
  onDelivery: ({ event, payload, delivery }) => {
    console.log(delivery.webhookId, event, payload.eventId, `attempt ${delivery.attempt}`);
  },
});
