import { verifyWebhook } from '../../webhooks/verify.js';
import type { Check } from '../check.js';
import { nonce, withHooks } from '../deliveries.js';
import type { Diagnostic } from '../diagnostic.js';
import { finding } from '../expect-answer.js';
import { SAMPLE_EVENTS } from '../sample-events.js';

/**
 * DLV-03, AUTH-12: deliveries are signed per Standard Webhooks with the app's own `whsec_` secret,
 * which is not any OAuth client secret.
 */
export const dlv03Signature: Check = {
  id: 'dlv-03-signature',
  requirements: ['DLV-03', 'AUTH-12'],
  title: "Deliveries verify per Standard Webhooks with the app's whsec_ secret",
  async run(context) {
    const { signingSecret, oauthClients } = context.profile;
    const diagnostics: Diagnostic[] = [];
    if (!signingSecret.startsWith('whsec_'))
      diagnostics.push(
        finding(
          this.id,
          'AUTH-12',
          'the signing secret does not start with whsec_',
          'whsec_...',
          signingSecret.slice(0, 6),
        ),
      );
    if (oauthClients.some((c) => c.secret === signingSecret))
      diagnostics.push(
        finding(this.id, 'AUTH-12', 'the signing secret is also an OAuth client secret'),
      );
    const delivered = await withHooks(context, [{ event: 'meeting.ended' }], async ([hook]) => {
      await hook!.emit({ data: SAMPLE_EVENTS.meetingEnded(nonce()) });
      if (!(await hook!.arrived(1, 5000)))
        return [finding(this.id, 'DLV-03', 'no delivery arrived within 5 s')];
      const [attempt] = hook!.received;
      const signature = String(attempt!.headers['webhook-signature'] ?? '');
      const found: Diagnostic[] = [];
      if (!signature.split(' ').some((s) => /^v1,[A-Za-z0-9+/]+={0,2}$/.test(s)))
        found.push(
          finding(
            this.id,
            'DLV-03',
            'webhook-signature has no v1,<base64> entry',
            'v1,<base64>',
            signature,
          ),
        );
      const verified = verifyWebhook({
        secret: signingSecret,
        headers: attempt!.headers as Record<string, string>,
        body: attempt!.body,
      });
      if (!verified.ok)
        found.push(
          finding(
            this.id,
            'DLV-03',
            `the delivery does not verify with the profile's signing secret: ${verified.reason}`,
            'verified',
            verified.reason,
          ),
        );
      return found;
    });
    return Array.isArray(delivered)
      ? [...diagnostics, ...delivered]
      : diagnostics.length
        ? diagnostics
        : delivered;
  },
};
