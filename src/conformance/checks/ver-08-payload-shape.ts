import { reportNoneArrived } from '../reach/attempts.js';
import type { Check } from '../run/check.js';
import { since } from '../../versions.js';
import { carries, jsonOf, nonce, withHooks } from '../reach/deliveries.js';
import { until } from '../timing/until.js';
import { SAMPLE_EVENTS } from '../reach/sample-events.js';

/**
 * VER-08: payloads are bare before 2026-07-07 and enveloped from it, with `apiVersion` the
 * subscription's version. Closing the hook holds the delivery to the version's schema and its
 * `type` to the event (deliveries.ts); what the schema cannot say is checked here. A bare payload
 * is the business fields at the top level; fields added beside them are additive (Versioning 7),
 * so nothing else of it is judged.
 */
export const ver08PayloadShape: Check = {
  requirements: ['VER-08'],
  basis: 'stated',
  title: "Payloads match the subscription version's schema: bare, or enveloped with apiVersion",
  // The hook reads the delivery carrying its own marker: others' meeting.ended may come too.
  shared: ['v1 meeting.ended'],
  async run(context) {
    const { version } = context;
    return withHooks(context, [{ event: 'meeting.ended' }], async ([hook]) => {
      const marker = nonce();
      const from = performance.now();
      const mine = () => hook!.received.find((r) => carries(r, marker));
      await hook!.emit({ data: SAMPLE_EVENTS.meetingEnded(marker) });
      if (!(await until(() => mine() !== undefined, 5000)))
        return reportNoneArrived(context, from, 'no delivery arrived within 5 s');
      const body = jsonOf(mine()!) ?? {};
      const enveloped = since(version, 'envelope');
      const seen = enveloped
        ? { apiVersion: body.apiVersion, marker: body.data?.id }
        : { marker: body.id };
      const wanted = enveloped ? { apiVersion: version, marker } : { marker };
      if (JSON.stringify(seen) !== JSON.stringify(wanted))
        context.report({
          message: `a ${version} payload is not ${enveloped ? 'enveloped with apiVersion' : 'bare'}`,
          expected: wanted,
          actual: seen,
        });
    });
  },
};
