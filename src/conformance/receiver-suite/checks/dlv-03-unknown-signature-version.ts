import type { ReceiverCheck } from '../check.js';
import { expectRejected } from '../expect-outcome.js';

export const check: ReceiverCheck = {
  requirements: ['DLV-03'],
  title: 'a signature under an unknown version prefix is refused',
  basis: 'stated',
  description:
    'SPEC.md (Events, Delivery 3) and DLV-03: signatures are `v1,<base64>`. The correct digest ' +
    'is sent as `v2,<base64>`: a receiver that ignores the prefix would accept it.',
  async run(context) {
    const outcome = await context.send({ signature: (valid) => valid.replace(/^v1,/, 'v2,') });
    expectRejected(context, outcome, 'a delivery signed only as v2');
  },
};
