import type { Check } from '../run/check.js';
import { nonce, waitMs, withHooks } from '../reach/deliveries.js';
import { SAMPLE_EVENTS } from '../reach/sample-events.js';
import { headerOf, unixSeconds } from '../run/units.js';

/**
 * How far webhook-timestamp may be from the suite's clock, in seconds: Standard Webhooks receivers
 * refuse a timestamp five minutes off as a replay.
 */
const TOLERANCE_S = 300;

/**
 * DLV-02: every attempt, retries included, carries webhook-id, webhook-timestamp (Unix seconds),
 * webhook-signature and Service-Version, the subscription's version (VER-14). Judged on v1
 * deliveries: a v0 subscription has no dated version (Versioning 1: v0 is outside the dated
 * scheme), so a v0 delivery may carry Service-Version or not, and no check judges it there.
 * The forms of webhook-id and webhook-signature are not judged here (DLV-03 verifies the latter).
 */
export const dlv02Headers: Check = {
  requirements: ['DLV-02'],
  basis: 'stated',
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
          const problems = [
            !h['webhook-id'] && 'no webhook-id',
            timestampProblem(h['webhook-timestamp']),
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

/**
 * DLV-02: why a webhook-timestamp is not the current time in Unix seconds; false when it is. The
 * unit is judged by magnitude first, so milliseconds are named as such whatever the clocks say.
 */
function timestampProblem(value: string | string[] | undefined): string | false {
  const unit = headerOf(unixSeconds)(value);
  if (unit) return `webhook-timestamp: ${unit}`;
  const offset = Math.abs(Number(value) - Date.now() / 1000);
  if (offset >= TOLERANCE_S)
    return `webhook-timestamp ${String(value)} is ${Math.round(offset)} s from the current time`;
  return false;
}
