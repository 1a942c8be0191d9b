import type { ReceiverCheck } from '../check.js';
import { expectAccepted } from '../expect-outcome.js';

export const check: ReceiverCheck = {
  requirements: ['DLV-12', 'VER-07'],
  title: 'unknown fields in a payload are tolerated',
  basis: 'stated',
  description:
    'The specification (Versioning 7): additive changes occur on every version without a new date, and ' +
    'clients ignore unknown fields and values (VER-07); DLV-12: unknown fields are allowed in ' +
    "payloads. Every event's payload is sent with a field no version documents, at its top " +
    'level and, in an envelope, inside data too.',
  async run(context) {
    const outcomes = await Promise.all(
      context.events.map((event) => {
        const payload = withUnknownFields(context.payload(event));
        return context.send({ event, body: JSON.stringify(payload) });
      }),
    );
    for (const outcome of outcomes)
      expectAccepted(context, outcome, `a ${outcome.event} delivery with unknown fields`);
  },
};

function withUnknownFields(payload: Record<string, unknown>): Record<string, unknown> {
  const unknown = { addedInALaterVersion: { nested: [1, 'two'] } };
  const data = payload.data;
  if (typeof data === 'object' && data !== null && !Array.isArray(data))
    return { ...payload, ...unknown, data: { ...data, ...unknown } };
  return { ...payload, ...unknown };
}
