import { randomUUID } from 'node:crypto';
import { BODY_FORMS, withNonAsciiText } from '../body-forms.js';
import type { ReceiverCheck } from '../check.js';
import { expectAccepted, isSuccess } from '../expect-outcome.js';

export const check: ReceiverCheck = {
  requirements: ['DLV-03', 'DLV-01'],
  title: 'a validly signed delivery is acknowledged whatever the form of its JSON body',
  basis: 'stated',
  description:
    'The specification (Events, Delivery 1 and 3): each event is a POST with a JSON body, acknowledged with ' +
    '2xx, and the signed content is {webhook-id}.{webhook-timestamp}.{payload}, the payload as ' +
    'sent; the specification fixes no serialization of the JSON. One payload with non-ASCII text is sent ' +
    'compact, pretty-printed, with its non-ASCII characters as \\u escapes, with its keys in ' +
    'another order and with a trailing newline, each signed over its exact bytes: a receiver ' +
    'that verifies JSON.stringify(JSON.parse(body)) instead of the raw bytes refuses most of them.',
  async run(context) {
    // A chat message where the version has one: its text can carry non-ASCII characters.
    const found = context.events
      .map((event) => ({
        event,
        payload: withNonAsciiText(context.payload(event), context.version, event),
      }))
      .find((candidate) => candidate.payload !== undefined);
    const event = found?.event ?? context.events[0]!;
    const payload = found?.payload ?? context.payload(event);
    const sendAs = (body: string) => context.send({ event, body, id: `msg_${randomUUID()}` });
    const [compact, ...forms] = await Promise.all([
      sendAs(JSON.stringify(payload)),
      ...BODY_FORMS.map(([, write]) => sendAs(write(payload))),
    ]);
    const refused = BODY_FORMS.filter(
      ([form], i) => !expectAccepted(context, forms[i]!, `a delivery whose body is ${form}`),
    );
    // The compact form acknowledged and another refused: the signature was checked over bytes
    // the receiver made, not the ones it got.
    if (refused.length > 0 && isSuccess(compact!.status))
      context.report({
        message:
          'the same payload as compact JSON was acknowledged: verify the signature over the raw ' +
          'body bytes as received, not over re-serialized JSON',
        expected: '2xx for every form of the body',
        actual: refused.map(([form]) => form).join('; '),
      });
  },
};
