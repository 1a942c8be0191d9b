import { randomUUID } from 'node:crypto';
import type { ReceiverCheck } from '../check.js';
import { expectAccepted } from '../expect-outcome.js';

export const check: ReceiverCheck = {
  requirements: ['DLV-03', 'AUTH-12'],
  title: 'a signature list with one valid entry among several is accepted',
  basis: 'stated',
  description:
    'The specification (Events, Delivery 3): signing follows the Standard Webhooks scheme, whose ' +
    'webhook-signature is a space-delimited list where a delivery verifies when any entry does ' +
    "(DLV-03); a sender rotating the app's secret (AUTH-12) signs with the old and the new. The " +
    'valid entry is sent second of three, after one made with another secret and before one of ' +
    'another version.',
  async run(context) {
    const id = `msg_${randomUUID()}`;
    const timestamp = Math.floor(Date.now() / 1000);
    const body = JSON.stringify(context.payload(context.events[0]!));
    const other = context.sign(id, timestamp, body, context.otherSecret);
    const outcome = await context.send({
      id,
      timestamp,
      body,
      signature: (valid) => `${other} ${valid} v2,${valid.slice(3)}`,
    });
    expectAccepted(context, outcome, 'a delivery whose second signature is valid');
  },
};
