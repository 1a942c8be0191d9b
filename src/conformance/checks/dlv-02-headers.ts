import type { Check } from '../check.js';
import { nonce, waitMs, withHooks } from '../deliveries.js';
import { SAMPLE_EVENTS } from '../sample-events.js';

/**
 * DLV-02: every attempt, retries included, carries webhook-id, webhook-timestamp (Unix seconds),
 * webhook-signature and Service-Version.
 */
export const dlv02Headers: Check = {
  requirements: ['DLV-02'],
  title: 'Every attempt carries the webhook headers and Service-Version',
  exclusive: ['v1 meeting.ended'],
  async run(context) {
    return withHooks(
      context,
      [{ event: 'meeting.ended', respond: (_, index) => ({ status: index === 0 ? 500 : 204 }) }],
      async ([hook]) => {
        await hook!.emit({ data: SAMPLE_EVENTS.meetingEnded(nonce()) });
        if (!(await hook!.arrived(2, 5000 + waitMs(context, 1))))
          return context.report({
            message: 'a first attempt answered 500 was not followed by a retry',
            expected: 2,
            actual: hook!.received.length,
          });
        hook!.received.forEach((attempt, index) => {
          const h = attempt.headers;
          const stamp = Number(h['webhook-timestamp']);
          const problems = [
            !h['webhook-id'] && 'no webhook-id',
            !(Number.isInteger(stamp) && Math.abs(stamp - Date.now() / 1000) < 300) &&
              `webhook-timestamp ${h['webhook-timestamp']} is not the current Unix time in seconds`,
            !h['webhook-signature'] && 'no webhook-signature',
            h['service-version'] !== context.version && `Service-Version ${h['service-version']}`,
          ].filter(Boolean);
          if (problems.length)
            context.report({
              message: `attempt ${index + 1}: ${problems.join('; ')}`,
              expected: { 'service-version': context.version },
              actual: h,
            });
        });
      },
    );
  },
};
