import { verifyWebhook } from '../../webhooks/verify.js';
import { reportNoneArrived } from '../reach/attempts.js';
import type { Check } from '../run/check.js';
import { nonce, withHooks } from '../reach/deliveries.js';
import { signingSecretFor } from '../profile/profile-facts.js';
import { SAMPLE_EVENTS } from '../reach/sample-events.js';

/**
 * DLV-03, AUTH-12: deliveries are signed per Standard Webhooks with the app's own `whsec_` secret,
 * which is not any OAuth client secret.
 */
export const dlv03Signature: Check = {
  requirements: ['DLV-03', 'AUTH-12'],
  basis: 'stated',
  title: "Deliveries verify per Standard Webhooks with the app's whsec_ secret",
  exclusive: ['v1 meeting.ended'],
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
    // Not testable without deliveries, unless the secret itself already broke AUTH-12.
    return withHooks(context, [{ event: 'meeting.ended' }], async ([hook]) => {
      const from = performance.now();
      await hook!.emit({ data: SAMPLE_EVENTS.meetingEnded(nonce()) });
      if (!(await hook!.arrived(1, 5000)))
        return reportNoneArrived(context, from, 'no delivery arrived within 5 s');
      const [attempt] = hook!.received;
      const signature = String(attempt!.headers['webhook-signature'] ?? '');
      if (!signature.split(' ').some((s) => /^v1,[A-Za-z0-9+/]+={0,2}$/.test(s)))
        context.report({
          message: 'webhook-signature has no v1,<base64> entry',
          expected: 'v1,<base64>',
          actual: signature,
        });
      // AUTH-12: signed with the secret of the app whose credential subscribed.
      const verified = verifyWebhook({
        secret: signingSecretFor(profile, hook!.token),
        headers: attempt!.headers as Record<string, string>,
        body: attempt!.body,
      });
      if (!verified.ok)
        context.report({
          message: `the delivery does not verify with the signing secret of the subscribing credential's app: ${verified.reason}`,
          expected: 'verified',
          actual: verified.reason,
        });
    });
  },
};
