import { verifyWebhook } from '../../webhooks/verify.js';
import { reportNoneArrived } from '../reach/attempts.js';
import type { Check } from '../run/check.js';
import { type SubscribedHook, nonce, withHooks } from '../reach/deliveries.js';
import type { CheckContext } from '../run/context.js';
import { signingSecretFor } from '../profile/profile-facts.js';
import { SAMPLE_EVENTS } from '../reach/sample-events.js';

/**
 * DLV-03, AUTH-12: deliveries are signed per Standard Webhooks with the app's own `whsec_` secret,
 * which is not any OAuth client secret; v0 deliveries as v1 ones.
 */
export const dlv03Signature: Check = {
  requirements: ['DLV-03', 'AUTH-12'],
  basis: 'stated',
  title: "Deliveries verify per Standard Webhooks with the app's whsec_ secret",
  // Every delivery to a hook comes from its own subscription, signed with its app's secret, which
  // ever check emitted it: the first to arrive is as good as any.
  shared: ['v1 meeting.ended', 'v0 transcript:started'],
  async run(context) {
    const { profile } = context;
    const secrets = [profile.signingSecret, ...Object.values(profile.signingSecrets ?? {})];
    for (const secret of new Set(secrets)) {
      if (!secret.startsWith('whsec_'))
        context.report({
          requirement: 'AUTH-12',
          message: 'a signing secret of the profile does not start with whsec_',
          expected: 'whsec_...',
          actual: secret.slice(0, 6),
        });
      if (profile.oauthClients.some((c) => c.secret === secret))
        context.report({
          requirement: 'AUTH-12',
          message: 'a signing secret of the profile is also an OAuth client secret',
        });
    }
    // Not testable without deliveries, unless the secret itself already broke AUTH-12. v0
    // deliveries are signed the same way.
    const hooks = [
      { event: 'meeting.ended' },
      { generation: 'v0' as const, event: 'transcript:started' },
    ];
    return withHooks(context, hooks, async ([v1, v0]) => {
      const from = performance.now();
      await v1!.emit({ data: SAMPLE_EVENTS.meetingEnded(nonce()) });
      await v0!.emit({ data: SAMPLE_EVENTS.transcriptStarted() });
      for (const [hook, what] of [
        [v1!, 'v1 delivery'],
        [v0!, 'v0 delivery'],
      ] as const) {
        if (!(await hook.arrived(1, 5000)))
          return reportNoneArrived(context, from, `no ${what} arrived within 5 s`);
        judgeSignature(context, hook, what);
      }
    });
  },
};

/** Holds the first attempt `hook` got to the scheme, verified with its subscriber's app's secret. */
function judgeSignature(context: CheckContext, hook: SubscribedHook, what: string): void {
  const [attempt] = hook.received;
  const signature = String(attempt!.headers['webhook-signature'] ?? '');
  if (!signature.split(' ').some((s) => /^v1,[A-Za-z0-9+/]+={0,2}$/.test(s)))
    context.report({
      message: `the ${what}'s webhook-signature has no v1,<base64> entry`,
      expected: 'v1,<base64>',
      actual: signature,
    });
  // AUTH-12: signed with the secret of the app whose credential subscribed.
  const verified = verifyWebhook({
    secret: signingSecretFor(context.profile, hook.token),
    headers: attempt!.headers as Record<string, string>,
    body: attempt!.body,
  });
  if (!verified.ok)
    context.report({
      message: `the ${what} does not verify with the signing secret of the subscribing credential's app: ${verified.reason}`,
      expected: 'verified',
      actual: verified.reason,
    });
}
