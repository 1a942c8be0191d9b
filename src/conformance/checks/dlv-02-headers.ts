import type { Check } from '../check.js';
import { nonce, scaledMs, withHooks } from '../deliveries.js';
import type { Diagnostic } from '../diagnostic.js';
import { finding } from '../expect-answer.js';
import { SAMPLE_EVENTS } from '../sample-events.js';

/** DLV-02: every attempt, retries included, carries webhook-id, webhook-timestamp (Unix seconds), webhook-signature and Service-Version. */
export const dlv02Headers: Check = {
  id: 'dlv-02-headers',
  requirements: ['DLV-02'],
  title: 'Every attempt carries the webhook headers and Service-Version',
  async run(context) {
    return withHooks(
      context,
      [{ event: 'meeting.ended', respond: (_, index) => ({ status: index === 0 ? 500 : 204 }) }],
      async ([hook]) => {
        await hook!.emit({ data: SAMPLE_EVENTS.meetingEnded(nonce()) });
        if (!(await hook!.arrived(2, 5000 + scaledMs(context, 1))))
          return [
            finding(
              this.id,
              'DLV-02',
              'a first attempt answered 500 was not followed by a retry',
              2,
              hook!.received.length,
            ),
          ];
        const diagnostics: Diagnostic[] = [];
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
            diagnostics.push(
              finding(
                this.id,
                'DLV-02',
                `attempt ${index + 1}: ${problems.join('; ')}`,
                { 'service-version': context.version },
                h,
              ),
            );
        });
        return diagnostics;
      },
    );
  },
};
