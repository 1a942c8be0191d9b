import { parseWebhook } from '../../webhooks/parse.js';
import { ENVELOPE_SINCE, type WebhookVersion } from '../../webhooks/versions.js';
import type { Check } from '../check.js';
import { jsonOf, nonce, withHooks } from '../deliveries.js';
import { SAMPLE_EVENTS } from '../sample-events.js';

/**
 * VER-08: payloads are bare before 2026-07-07 and enveloped from it, with `apiVersion` the
 * subscription's version.
 */
export const ver08PayloadShape: Check = {
  requirements: ['VER-08'],
  title: "Payloads match the subscription version's schema: bare, or enveloped with apiVersion",
  async run(context) {
    const { version } = context;
    return withHooks(context, [{ event: 'meeting.ended' }], async ([hook]) => {
      const marker = nonce();
      await hook!.emit({ data: SAMPLE_EVENTS.meetingEnded(marker) });
      if (!(await hook!.arrived(1, 5000)))
        return context.report({ message: 'no delivery arrived within 5 s' });
      const [attempt] = hook!.received;
      const parsed = parseWebhook({
        version: version as WebhookVersion,
        event: 'meeting.ended',
        body: attempt!.body,
      });
      if (!parsed.ok)
        context.report({
          message: `the payload breaks the ${version} schema of meeting.ended`,
          expected: 'valid',
          actual: parsed.diagnostics,
        });
      const body = jsonOf(attempt!) ?? {};
      const enveloped = version >= ENVELOPE_SINCE;
      const seen = enveloped
        ? { type: body.type, apiVersion: body.apiVersion, marker: body.data?.id }
        : { apiVersion: body.apiVersion, marker: body.id };
      const wanted = enveloped
        ? { type: 'meeting.ended', apiVersion: version, marker }
        : { apiVersion: undefined, marker };
      if (JSON.stringify(seen) !== JSON.stringify(wanted))
        context.report({
          message: `a ${version} payload is not ${enveloped ? 'enveloped with apiVersion' : 'bare'}`,
          expected: wanted,
          actual: seen,
        });
    });
  },
};
