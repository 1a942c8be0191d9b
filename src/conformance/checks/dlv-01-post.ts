import { setTimeout as sleep } from 'node:timers/promises';
import type { Check, Skip } from '../run/check.js';
import {
  byWebhookId,
  lostOnTheSuitesSide,
  retriedDespiteAnswers,
  reportNoneArrived,
} from '../reach/attempts.js';
import { jsonOf, nonce, waitMs, withHooks } from '../reach/deliveries.js';
import { SAMPLE_EVENTS } from '../reach/sample-events.js';

/**
 * DLV-01: a delivery is an HTTP POST of JSON to the subscribed URL, and any 2xx acknowledges it.
 */
export const dlv01Post: Check = {
  requirements: ['DLV-01'],
  basis: 'stated',
  title: 'Deliveries are JSON POSTs; a 202 acknowledges as well as a 200',
  exclusive: ['v1 meeting.ended'],
  async run(context) {
    const receiver = await context.receiver();
    let unsure: Skip | undefined;
    const ran = await withHooks(
      context,
      [{ event: 'meeting.ended', respond: () => ({ status: 202 }) }],
      async ([hook]) => {
        const marker = nonce();
        const began = performance.now();
        await hook!.emit({ data: SAMPLE_EVENTS.meetingEnded(marker) });
        if (!(await hook!.arrived(1, 5000))) {
          const lost = lostOnTheSuitesSide(receiver, began);
          if (lost) return void (unsure = lost);
          return reportNoneArrived(context, began, 'no delivery arrived within 5 s');
        }
        // Long enough for a first retry to come, were the 202 not taken as an acknowledgement.
        await sleep(waitMs(context, 1) + 250);
        const [delivery] = byWebhookId(hook!.received);
        const first = delivery![0]!;
        const seen = {
          method: first.method,
          // Media types are case-insensitive and may carry parameters (`; charset=utf-8`).
          contentType: String(first.headers['content-type']).split(';')[0]!.trim().toLowerCase(),
          json: JSON.stringify(jsonOf(first) ?? null).includes(marker),
          // A retry for a transport failure says the 202 never reached the implementation in time
          // (DLV-08: a busy receiver), not that it was refused as an acknowledgement.
          attempts: 1 + retriedDespiteAnswers(delivery!),
        };
        const wanted = { method: 'POST', contentType: 'application/json', json: true, attempts: 1 };
        if (JSON.stringify(seen) !== JSON.stringify(wanted))
          context.report({
            message: 'the delivery was not one JSON POST acknowledged by 202',
            expected: wanted,
            actual: seen,
          });
      },
    );
    return ran ?? unsure;
  },
};
