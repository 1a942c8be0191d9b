import { randomUUID } from 'node:crypto';
import type { Check } from '../run/check.js';
import type { CheckContext } from '../run/context.js';
import { CLIENT_ERROR, type Expected, SUCCESS, expectAnswer } from '../run/expect-answer.js';
import { findSubscription } from '../reach/find-subscription.js';
import { needCredential } from '../run/needs.js';

interface FilterCase {
  name: string;
  event: string;
  filter: Record<string, unknown>;
  expect: Expected;
}

/** The code of a refused filter rests on a reading: the v1 subscribe answers are not shown. */
const REFUSED = { error: 'invalid_parameter', errorReading: 'SUB-09.invalid-parameter' } as const;

/**
 * SUB-09: an empty filter and `{mention: false}` alone are "rejected" (any 4xx: the v1 subscribe
 * answers are not shown), and a rejected subscription is not in the list; `{mention: false}` "may
 * accompany another key", so with one it is taken. Values outside a field's listed ones are
 * refused by a reading (`SUB-09.outside-values`): enums may grow (Versioning 7).
 */
export const sub09V1Filter: Check = {
  requirements: ['SUB-09'],
  basis: 'stated',
  title: 'v1 filters: no empty filter, no mention false alone, mention false beside another key',
  // A filter taken makes a subscription that other checks' emissions reach while it lasts.
  shared: ['v1 chat.message', 'v1 meeting.ended'],
  async run(context) {
    const need = needCredential(context, {
      operation: 'v1 post /webhook.subscribe',
      pin: context.version,
      scopes: ['webhook:write'],
    });
    if ('skip' in need) return need;
    for (const c of CASES) await runCase(context, need.token, c);
  },
};

const outside = { status: CLIENT_ERROR, reading: 'SUB-09.outside-values', ...REFUSED } as const;

const CASES: FilterCase[] = [
  {
    name: 'an empty filter',
    event: 'chat.message',
    filter: {},
    expect: { status: CLIENT_ERROR, ...REFUSED },
  },
  {
    name: 'mention false alone',
    event: 'chat.message',
    filter: { mention: false },
    expect: { status: CLIENT_ERROR, ...REFUSED },
  },
  {
    name: 'mention false beside chatType group',
    event: 'chat.message',
    filter: { chatType: 'group', mention: false },
    expect: { status: SUCCESS },
  },
  {
    name: 'chatType other than dm or group',
    event: 'chat.message',
    filter: { chatType: 'channel' },
    expect: outside,
  },
  { name: 'hasVideo false', event: 'meeting.ended', filter: { hasVideo: false }, expect: outside },
];

/**
 * Subscribes with the case's filter and holds the answer to it; then looks for the subscription in
 * the list: one the answer refused must not be there. What was made is removed.
 */
async function runCase(context: CheckContext, token: string, c: FilterCase) {
  const url = `https://conformance.example.com/filters/${randomUUID()}`;
  const answer = await context.call({
    path: '/v1/webhook.subscribe',
    method: 'POST',
    token,
    json: { event: c.event, url, filter: c.filter },
  });
  const name = `${c.name} (${JSON.stringify(c.filter)} on ${c.event})`;
  expectAnswer(context, name, answer, c.expect);
  const found = await findSubscription(context, { token, event: c.event, url });
  // That a taken filter's subscription is listed is SUB-07's rule: here only what was refused.
  if (!('id' in found)) return;
  if (answer.status >= 400 && answer.status < 500)
    context.report({
      message: `${name} was refused with ${answer.status}, yet the list has it`,
      expected: 'not listed',
      actual: found.entry,
      answer,
    });
  await context.call({
    path: '/v1/webhook.unsubscribe',
    method: 'POST',
    token,
    json: { id: found.id },
  });
}
