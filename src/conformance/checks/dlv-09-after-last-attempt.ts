import { attemptCount, byWebhookId, lostOnTheSuitesSide } from '../reach/attempts.js';
import type { Check, Skip } from '../run/check.js';
import { carries, nonce, tooLong, waitMs, withHooks } from '../reach/deliveries.js';
import { until } from '../timing/until.js';
import type { Received } from '../callback/receiver.js';
import { needCredential } from '../run/needs.js';
import { SAMPLE_EVENTS } from '../reach/sample-events.js';

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
    const receiver = await context.receiver();
    const failing = nonce();
    let unsure: Skip | undefined;
    // Every attempt of the failing event fails, whenever it arrives; the next event is taken.
    const respond = (received: Received) => ({ status: carries(received, failing) ? 500 : 204 });
    const ran = await withHooks(context, [{ event: 'meeting.ended', respond }], async ([hook]) => {
      const began = performance.now();
      await hook!.emit({ data: SAMPLE_EVENTS.meetingEnded(failing) });
      const attempts = () => attemptCount(hook!.received.filter((r) => carries(r, failing)));
      await until(() => attempts() >= 4, waitMs(context, 361) + 5000);
      if (attempts() < 4) {
        const short = `the failing event got ${attempts()} of its four attempts`;
        const lost = lostOnTheSuitesSide(receiver, began, short);
        if (lost) return void (unsure = lost);
        return context.report({ message: short, expected: 4, actual: attempts() });
      }
      const listed = await context.call({ path: '/v1/webhook.list', token: reader.token });
      const kept = (listed.body?.webhooks ?? []).some((w: { id?: string }) => w.id === hook!.id);
      const next = nonce();
      await hook!.emit({ data: SAMPLE_EVENTS.meetingEnded(next) });
      await until(() => hook!.received.some((r) => carries(r, next)), 5000);
      // Its first attempt, as the attempts say (one read late comes after its retry).
      const fresh = byWebhookId(hook!.received.filter((r) => carries(r, next)))[0]?.[0];
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
    });
    return ran ?? unsure;
  },
};
