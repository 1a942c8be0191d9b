import type { Check } from '../check.js';
import { carries, nonce, tooLong, waitMs, withHooks } from '../deliveries.js';
import { needCredential } from '../needs.js';
import { SAMPLE_EVENTS } from '../sample-events.js';

/**
 * DLV-09: after the last attempt the event is dropped, the subscription stays, and the next event
 * starts afresh.
 */
export const dlv09AfterLastAttempt: Check = {
  requirements: ['DLV-09'],
  basis: 'stated',
  title: 'After four failed attempts the subscription stays and the next event starts fresh',
  exclusive: ['v1 meeting.ended'],
  async run(context) {
    const skip = tooLong(context, 361);
    if (skip) return skip;
    const reader = needCredential(context, { pin: context.version, scopes: ['webhook:read'] });
    if ('skip' in reader) return reader;
    return withHooks(
      context,
      [{ event: 'meeting.ended', respond: (_, index) => ({ status: index < 4 ? 500 : 204 }) }],
      async ([hook]) => {
        await hook!.emit({ data: SAMPLE_EVENTS.meetingEnded(nonce()) });
        if (!(await hook!.arrived(4, waitMs(context, 361) + 5000)))
          return context.report({
            message: 'the failing event did not get its four attempts',
            expected: 4,
            actual: hook!.received.length,
          });
        const listed = await context.call({ path: '/v1/webhook.list', token: reader.token });
        const kept = (listed.body?.webhooks ?? []).some((w: { id?: string }) => w.id === hook!.id);
        const next = nonce();
        await hook!.emit({ data: SAMPLE_EVENTS.meetingEnded(next) });
        await hook!.arrived(5, 5000);
        const fresh = hook!.received.find((r) => carries(r, next));
        const seen = {
          kept,
          delivered: Boolean(fresh),
          retryNum: fresh?.headers['service-retry-num'],
          newId: fresh
            ? fresh.headers['webhook-id'] !== hook!.received[0]!.headers['webhook-id']
            : undefined,
        };
        const wanted = { kept: true, delivered: true, retryNum: undefined, newId: true };
        if (JSON.stringify(seen) !== JSON.stringify(wanted))
          context.report({
            message: 'after a dropped event the subscription or the next delivery is not as new',
            expected: wanted,
            actual: seen,
          });
      },
    );
  },
};
