import type { ReceiverCheck } from '../check.js';
import { expectRejected } from '../expect-outcome.js';

/**
 * Ten minutes: twice the five minutes Standard Webhooks suggests and the library's default, so a
 * receiver is not failed for a tolerance of its own choosing, only for having none.
 */
const OUTSIDE_SECONDS = 600;

export const check: ReceiverCheck = {
  requirements: ['DLV-02', 'DLV-03'],
  title: 'a delivery whose webhook-timestamp is far in the past or the future is refused',
  basis: 'implied',
  description:
    'Implied, not stated: the specification gives webhook-timestamp (Unix seconds) and signs it, and ' +
    'follows the Standard Webhooks scheme, whose receivers refuse a timestamp outside a ' +
    'tolerance so that a captured delivery cannot be replayed later. The specification names no tolerance: ' +
    'the suite sends timestamps 10 minutes in the past and in the future, validly signed.',
  async run(context) {
    const now = Math.floor(Date.now() / 1000);
    const [past, future] = await Promise.all([
      context.send({ timestamp: now - OUTSIDE_SECONDS }),
      context.send({ timestamp: now + OUTSIDE_SECONDS }),
    ]);
    expectRejected(context, past!, 'a delivery stamped 10 minutes ago');
    expectRejected(context, future!, 'a delivery stamped 10 minutes ahead');
  },
};
