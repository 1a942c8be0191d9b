import type { ReceiverCheck } from '../check.js';
import { expectRejected } from '../expect-outcome.js';

export const check: ReceiverCheck = {
  requirements: ['DLV-03'],
  title: 'a signature under an unknown version prefix is refused',
  basis: 'stated',
  description:
    'The specification (Events, Delivery 3): signing follows the Standard Webhooks scheme, where an ' +
    'HMAC-SHA256 signature is written `v1,<base64>` (DLV-03) and an entry under another ' +
    'identifier is not one; a delivery without a valid v1 entry fails verification, and ' +
    'receivers reject deliveries failing verification. The correct digest is sent as ' +
    '`v2,<base64>` only: a receiver that ignores the identifier would accept it.',
  async run(context) {
    const outcome = await context.send({ signature: (valid) => valid.replace(/^v1,/, 'v2,') });
    expectRejected(context, outcome, 'a delivery signed only as v2');
  },
};
