import type { ReceiverCheck } from '../check.js';
import { ANSWER_WITHIN_MS } from '../../../devloop/send-delivery.js';
import { expectAccepted } from '../expect-outcome.js';

export const check: ReceiverCheck = {
  requirements: ['DLV-01', 'DLV-08', 'DLV-12'],
  title: 'every event of the version, valid and signed, is acknowledged with 2xx within 3 s',
  basis: 'stated',
  description:
    'The specification (Events, Delivery 1 and 4): the receiver answers 2xx to acknowledge, and an attempt ' +
    'not answered with 2xx within 3 seconds counts as failed. Each event the version documents is ' +
    'sent once, with a valid payload (DLV-12) and a valid signature.',
  async run(context) {
    const outcomes = await Promise.all(
      context.events.map((event) => context.send({ event, timeoutMs: ANSWER_WITHIN_MS })),
    );
    for (const outcome of outcomes) {
      if (outcome.status === undefined && outcome.ms >= ANSWER_WITHIN_MS) {
        context.report({
          message: `${outcome.event} (${outcome.id}) was not answered within 3 s`,
          requirement: 'DLV-08',
          expected: `2xx within ${ANSWER_WITHIN_MS} ms`,
          actual: outcome.failure,
        });
        continue;
      }
      expectAccepted(context, outcome, `a valid ${outcome.event} delivery`, 'DLV-01');
    }
  },
};
