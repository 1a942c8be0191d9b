import { parseWebhook } from '../../../webhooks/parse.js';
import { ENVELOPE_SINCE, type WebhookVersion } from '../../../webhooks/versions.js';
import type { ReceiverCheck } from '../check.js';
import { expectAccepted, isSuccess } from '../expect-outcome.js';
import { eventsOf, payloadOf } from '../../../samples/payloads.js';

export const check: ReceiverCheck = {
  requirements: ['VER-08', 'VER-14'],
  title: 'a v0 and a v1 delivery are told apart by shape (opt-in, warnings only)',
  basis: 'implied',
  description:
    'Implied, not stated: the specification asks a receiver to reject deliveries failing verification ' +
    '(DLV-03), to acknowledge with 2xx (DLV-01) and to ignore unknown fields and values (VER-07); ' +
    'it never asks a receiver to refuse a validly signed payload of another shape, so a correct ' +
    "receiver that only verifies may accept one. A subscription's version fixes the shape " +
    `(VER-14), v0 and the v1 baseline bare, v1 from ${ENVELOPE_SINCE} enveloped (VER-08): the ` +
    "version's own shape is sent, then, with the same headers, a payload of the other " +
    "generation that the version's schema refuses; a receiver that acknowledges it is told so. " +
    'Opt-in: not in the default set, it runs only when --only names this check by its id, and ' +
    'its findings are warnings, never failures.',
  optIn: true,
  async run(context) {
    const pair = distinguishable(context.version, context.events);
    if (!pair)
      return {
        skip: 'not_testable',
        reason: `no payload of the other generation is refused by the ${context.version} schemas`,
      };
    const { event, body } = pair;
    const own = await context.send({ event });
    expectAccepted(context, own, `a ${context.version} ${event} delivery`, 'VER-08');
    const wrong = await context.send({ event, body });
    if (isSuccess(wrong.status))
      context.report({
        message:
          `a ${event} delivery shaped as the other generation's was acknowledged with ` +
          `${wrong.status}: the specification does not require refusing it, but a receiver that parses ` +
          "by its subscription's version would (VER-14)",
        expected: 'a refusal: any status but 2xx',
        actual: wrong.status,
      });
  },
};

/**
 * The first event of `version` and payload of the other generation (v1 enveloped for v0, v0 for
 * v1) that the contract refuses at that version: only such a body can be expected refused. The
 * baseline's open shapes accept most v0 payloads, so the search goes past the first pair.
 */
function distinguishable(
  version: WebhookVersion,
  events: readonly string[],
): { event: string; body: string } | undefined {
  const other: WebhookVersion = version === 'v0' ? ENVELOPE_SINCE : 'v0';
  const bodies = eventsOf(other).map((e) => JSON.stringify(payloadOf(other, e)));
  for (const event of events) {
    const body = bodies.find((b) => !parseWebhook({ version, event, body: b }).ok);
    if (body) return { event, body };
  }
  return undefined;
}
