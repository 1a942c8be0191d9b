import { randomUUID } from 'node:crypto';
import type { ReceiverCheck } from '../check.js';
import { expectRejected } from '../expect-outcome.js';

export const check: ReceiverCheck = {
  requirements: ['DLV-03', 'AUTH-12'],
  title: 'a delivery signed with another secret is refused',
  basis: 'stated',
  description:
    "The specification (Events, Delivery 3): the key is the app's signing secret, and receivers reject " +
    'deliveries failing verification. The delivery is signed, correctly in form, with a random ' +
    'whsec_ secret that is not the one given.',
  async run(context) {
    const id = `msg_${randomUUID()}`;
    const timestamp = Math.floor(Date.now() / 1000);
    const body = JSON.stringify(context.payload(context.events[0]!));
    const outcome = await context.send({
      id,
      timestamp,
      body,
      signature: () => context.sign(id, timestamp, body, context.otherSecret),
    });
    expectRejected(context, outcome, 'a delivery signed with another secret');
  },
};
