import fc from 'fast-check';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { signWebhook } from '../../src/webhooks/sign.ts';
import { verifyWebhook } from '../../src/webhooks/verify.ts';

// DLV-03: interoperability both ways with the standardwebhooks library, the reference
// implementation, over random secrets, ids, timestamps and bodies.
const RUNS = 2000;
const delivery = fc.record({
  secret: fc
    .uint8Array({ minLength: 16, maxLength: 64 })
    .map((key) => `whsec_${Buffer.from(key).toString('base64')}`),
  id: fc.stringMatching(/^msg_[A-Za-z0-9_-]{1,40}$/),
  timestamp: fc.integer({ min: 1_000_000_000, max: 4_000_000_000 }),
  body: fc.oneof(fc.json(), fc.string({ unit: 'binary', maxLength: 512 })),
});
// standardwebhooks' verify also parses the body as JSON, so deliveries it verifies carry JSON.
const jsonDelivery = delivery.chain((d) => fc.json().map((body) => ({ ...d, body })));

describe('standardwebhooks interoperability', () => {
  it(`their signatures verify with ours (${RUNS} random deliveries)`, () => {
    fc.assert(
      fc.property(delivery, ({ secret, id, timestamp, body }) => {
        const header = new Webhook(secret).sign(id, new Date(timestamp * 1000), body);
        const headers = {
          'webhook-id': id,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': header,
        };
        expect(verifyWebhook({ secret, headers, body, now: timestamp })).toEqual({
          ok: true,
          id,
          timestamp,
        });
      }),
      { numRuns: RUNS },
    );
  });

  it(`our signatures verify with theirs (${RUNS} random deliveries)`, () => {
    fc.assert(
      fc.property(jsonDelivery, ({ secret, id, timestamp, body }) => {
        const headers = signWebhook({ secret, id, timestamp, body });
        // Their verify checks the timestamp against the real clock, so sign for now.
        const now = Math.floor(Date.now() / 1000);
        const fresh = signWebhook({ secret, id, timestamp: now, body });
        expect(() => new Webhook(secret).verify(body, fresh)).not.toThrow();
        expect(headers['webhook-signature']).toBe(
          new Webhook(secret).sign(id, new Date(timestamp * 1000), body),
        );
      }),
      { numRuns: RUNS },
    );
  });

  it('a signature over a changed body is rejected by both', () => {
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const now = Math.floor(Date.now() / 1000);
    const headers = signWebhook({ secret, id: 'msg_1', timestamp: now, body: '{"a":1}' });
    expect(() => new Webhook(secret).verify('{"a":2}', headers)).toThrow();
    expect(verifyWebhook({ secret, headers, body: '{"a":2}' }).ok).toBe(false);
  });
});
