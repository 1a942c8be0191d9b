import { parseWebhook } from '../../../webhooks/parse.js';
import { ENVELOPE_SINCE, type WebhookVersion } from '../../../webhooks/versions.js';
import type { ReceiverCheck } from '../check.js';
import { expectAccepted, expectRejected } from '../expect-outcome.js';
import { eventsOf, payloadOf } from '../../../samples/payloads.js';

export const check: ReceiverCheck = {
  requirements: ['VER-08', 'VER-14'],
  title: 'a v0 and a v1 delivery are told apart by shape',
  basis: 'implied',
  description:
    "Implied, not stated: a subscription's version fixes the payload shape (VER-14), v0 and the " +
    'v1 baseline bare, v1 from 2026-07-07 enveloped (VER-08), so a receiver that parses what it ' +
    "is sent tells them apart. The version's own shape is sent and must be acknowledged; then, " +
    "with the same headers, a payload of the other generation that the version's schema refuses, " +
    'which must be refused.',
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
    expectRejected(context, wrong, `a ${event} delivery shaped as the other generation's`);
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
