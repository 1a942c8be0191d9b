import { verifyWebhook } from '../../webhooks/verify.js';
import type { Check } from '../check.js';
import { nonce, withHooks } from '../deliveries.js';
import { SAMPLE_EVENTS } from '../sample-events.js';

/**
 * DLV-03, AUTH-12: deliveries are signed per Standard Webhooks with the app's own `whsec_` secret,
 * which is not any OAuth client secret.
 */
export const dlv03Signature: Check = {
  requirements: ['DLV-03', 'AUTH-12'],
  title: "Deliveries verify per Standard Webhooks with the app's whsec_ secret",
  exclusive: ['v1 meeting.ended'],
  async run(context) {
    const { signingSecret, oauthClients } = context.profile;
    if (!signingSecret.startsWith('whsec_'))
      context.report({
        requirement: 'AUTH-12',
        message: 'the signing secret does not start with whsec_',
        expected: 'whsec_...',
        actual: signingSecret.slice(0, 6),
      });
    if (oauthClients.some((c) => c.secret === signingSecret))
      context.report({
        requirement: 'AUTH-12',
        message: 'the signing secret is also an OAuth client secret',
      });
    // Not testable without deliveries, unless the secret itself already broke AUTH-12.
    return withHooks(context, [{ event: 'meeting.ended' }], async ([hook]) => {
      await hook!.emit({ data: SAMPLE_EVENTS.meetingEnded(nonce()) });
      if (!(await hook!.arrived(1, 5000)))
        return context.report({ message: 'no delivery arrived within 5 s' });
      const [attempt] = hook!.received;
      const signature = String(attempt!.headers['webhook-signature'] ?? '');
      if (!signature.split(' ').some((s) => /^v1,[A-Za-z0-9+/]+={0,2}$/.test(s)))
        context.report({
          message: 'webhook-signature has no v1,<base64> entry',
          expected: 'v1,<base64>',
          actual: signature,
        });
      const verified = verifyWebhook({
        secret: signingSecret,
        headers: attempt!.headers as Record<string, string>,
        body: attempt!.body,
      });
      if (!verified.ok)
        context.report({
          message: `the delivery does not verify with the profile's signing secret: ${verified.reason}`,
          expected: 'verified',
          actual: verified.reason,
        });
    });
  },
};
