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
 * webhook-signature and Service-Version, the subscription's version (VER-14). A v0 delivery is
 * held to the three webhook headers alone: a v0 subscription has no dated version (Versioning 1:
 * v0 is outside the dated scheme), so it may carry Service-Version or not. The forms of
 * webhook-id and webhook-signature are not judged here (DLV-03 verifies the latter).
 */
export const dlv02Headers: Check = {
  requirements: ['DLV-02'],
  basis: 'stated',
  title: 'Every attempt carries the webhook headers and Service-Version',
  exclusive: ['v1 meeting.ended'],
  shared: ['v0 transcript:started'],
  async run(context) {
    return withHooks(
      context,
      [
        { event: 'meeting.ended', respond: (_, index) => ({ status: index === 0 ? 500 : 204 }) },
        { generation: 'v0', event: 'transcript:started' },
      ],
      async ([hook, v0]) => {
        await v0!.emit({ data: SAMPLE_EVENTS.transcriptStarted() });
        if (!(await v0!.arrived(1, 5000)))
          context.report({ message: 'no v0 transcript:started delivery arrived within 5 s' });
        v0!.received.forEach((attempt, index) => {
          const problems = webhookHeaderProblems(attempt.headers);
          if (problems.length)
            context.report({
              message: `v0 attempt ${index + 1}: ${problems.join('; ')}`,
              actual: attempt.headers,
            });
        });
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
            ...webhookHeaderProblems(h),
            ...(h['service-version'] !== context.version
              ? [`Service-Version ${h['service-version']}`]
              : []),
          ];
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

/** DLV-02: what is wrong with an attempt's three webhook headers, of either generation. */
function webhookHeaderProblems(h: Record<string, string | string[] | undefined>): string[] {
  return [
    !h['webhook-id'] && 'no webhook-id',
    timestampProblem(h['webhook-timestamp']),
    !h['webhook-signature'] && 'no webhook-signature',
  ].filter((problem): problem is string => typeof problem === 'string');
}

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
