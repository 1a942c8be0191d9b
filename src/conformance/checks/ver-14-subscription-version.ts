import { reportNoneArrived } from '../reach/attempts.js';
import type { Check } from '../run/check.js';
import { since } from '../../versions.js';
import {
  INHERIT,
  type SubscribedHook,
  carries,
  jsonOf,
  nonce,
  withHooks,
} from '../reach/deliveries.js';
import { until } from '../timing/until.js';
import { lifecycleOf } from '../profile/profile-facts.js';
import { SAMPLE_EVENTS } from '../reach/sample-events.js';

/**
 * VER-14: a subscription keeps the version it was created with, the credential's pin or an explicit
 * `apiVersion`, and every delivery names it in `Service-Version` (and, enveloped, in `apiVersion`;
 * a bare payload's fields are not judged here). v0 subscriptions are outside the dated scheme
 * (Versioning 1): whether their deliveries carry `Service-Version` is not judged by any check.
 */
export const ver14SubscriptionVersion: Check = {
  requirements: ['VER-14'],
  basis: 'stated',
  title: 'Deliveries carry the version the subscription was created with',
  // Each hook reads the delivery carrying its own marker: others' meeting.ended may come too.
  shared: ['v1 meeting.ended'],
  async run(context) {
    const { version, profile } = context;
    // Another pin the implementation still serves: one declared sunset answers 410 (VER-05).
    const other = profile.credentials
      .map((c) => c.pin)
      .find(
        (pin): pin is string =>
          pin !== null && pin !== version && lifecycleOf(profile, pin) !== 'sunset',
      );
    if (!other)
      return {
        skip: 'not_testable',
        reason: `the profile has no credential pinned to a version other than ${version} and not sunset`,
      };
    const hooks = [
      { event: 'meeting.ended', apiVersion: INHERIT, pin: version },
      { event: 'meeting.ended', apiVersion: version, pin: other },
    ];
    return withHooks(context, hooks, async ([inherited, explicit]) => {
      const from = performance.now();
      const marker = nonce();
      const mine = (hook: SubscribedHook) => hook.received.find((r) => carries(r, marker));
      await inherited!.emit({ data: SAMPLE_EVENTS.meetingEnded(marker) });
      await until(() => mine(inherited!) !== undefined && mine(explicit!) !== undefined, 5000);
      for (const [name, hook] of [
        [`a subscription by a credential pinned to ${version}`, inherited],
        [`apiVersion ${version} asked by a credential pinned to ${other}`, explicit],
      ] as const) {
        const attempt = mine(hook!);
        if (!attempt) {
          await reportNoneArrived(context, from, `${name}: no delivery arrived within 5 s`);
          continue;
        }
        const enveloped = since(version, 'envelope');
        const seen = {
          header: attempt.headers['service-version'],
          ...(enveloped ? { apiVersion: jsonOf(attempt)?.apiVersion } : {}),
        };
        const wanted = { header: version, ...(enveloped ? { apiVersion: version } : {}) };
        if (JSON.stringify(seen) !== JSON.stringify(wanted))
          context.report({
            message: `${name}: the delivery names another version`,
            expected: wanted,
            actual: seen,
          });
      }
    });
  },
};
