import type { ReceiverCheck } from '../check.js';
import { expectRejected } from '../expect-outcome.js';

const SIGNING_HEADERS = ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const;

export const check: ReceiverCheck = {
  requirements: ['DLV-02', 'DLV-03'],
  title: 'a delivery without webhook-id, webhook-timestamp or webhook-signature is refused',
  basis: 'stated',
  description:
    'The specification (Events, Delivery 2 and 3): every delivery carries the three headers, the signed ' +
    'content is built from the first two, and receivers reject deliveries failing verification; ' +
    'one without them cannot verify. Three deliveries, each valid but for one header left out.',
  async run(context) {
    const outcomes = await Promise.all(
      SIGNING_HEADERS.map((header) => context.send({ omit: [header] })),
    );
    SIGNING_HEADERS.forEach((header, i) =>
      expectRejected(context, outcomes[i]!, `a delivery without ${header}`),
    );
  },
};
