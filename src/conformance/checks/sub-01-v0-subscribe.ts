import { isDeepStrictEqual } from 'node:util';
import type { Check } from '../run/check.js';
import type { CheckContext } from '../run/context.js';
import { expectAnswer } from '../run/expect-answer.js';
import { needCredential } from '../run/needs.js';
import { sharedDocumentsByVersion } from '../../validation/documents-by-version.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * SUB-01: v0 subscribe answers 200 with the v0 subscription `{id (uuid), event, url, filter}`. The
 * filter is compared as a value (key order is JSON's own business); `filter` is nullable and not
 * required, so without one sent it may be null or absent. `magicast.created` is not in the
 * subscribable enum: 400, v0's bad request; so is a subscribe without `url` or `event` (both
 * required). Every name the enum lists is subscribed to once, and removed.
 */
export const sub01V0Subscribe: Check = {
  requirements: ['SUB-01'],
  basis: 'stated',
  title: 'v0 subscribe answers the subscription; magicast.created is refused',
  exclusive: ['v0 lobby:booked'],
  async run(context) {
    const need = needCredential(context, {
      operation: 'v0 post /webhook.subscribe',
      scopes: ['webhook:write'],
    });
    if ('skip' in need) return need;
    const { token } = need;
    const url = `https://conformance.example.com/sub-01/${Date.now()}`;
    await subscribeAndRemove(context, token, {
      event: 'lobby:booked',
      url,
      filter: { lobbyId: 'lobby-1' },
    });
    await subscribeAndRemove(context, token, { event: 'lobby:booked', url: `${url}/bare` });
    for (const [i, event] of subscribableEvents().entries())
      if (event !== 'lobby:booked')
        await subscribeAndRemove(context, token, { event, url: `${url}/${i}` });
    const magicast = await context.call({
      path: '/v0/webhook.subscribe',
      method: 'POST',
      token,
      json: { event: 'magicast.created', url },
    });
    expectAnswer(context, 'subscribing to magicast.created', magicast, { status: 400 });
    // `url` and `event` are both required: without either, v0's bad request.
    for (const [missing, json] of [
      ['url', { event: 'lobby:booked' }],
      ['event', { url: `${url}/no-event` }],
    ] as const) {
      const answer = await context.call({
        path: '/v0/webhook.subscribe',
        method: 'POST',
        token,
        json,
      });
      if (expectAnswer(context, `subscribing without ${missing}`, answer, { status: 400 }))
        continue;
      await removeMade(context, token, answer.body?.id);
    }
  },
};

interface Sent {
  event: string;
  url: string;
  filter?: Record<string, unknown>;
}

/** Subscribes, holds the answer to what was sent, and removes what it made (SUB-05). */
async function subscribeAndRemove(context: CheckContext, token: string, json: Sent) {
  const answer = await context.call({ path: '/v0/webhook.subscribe', method: 'POST', token, json });
  const name = `subscribing to ${json.event}${json.filter ? ` with filter ${JSON.stringify(json.filter)}` : ' without a filter'}`;
  if (!expectAnswer(context, name, answer, { status: 200 })) return;
  const body = answer.body ?? {};
  const wrong = differences(json, body);
  if (wrong.length)
    context.report({
      message: `${name}: the answer's ${wrong.join(', ')} ${wrong.length > 1 ? 'are' : 'is'} not the subscription made`,
      expected: { id: 'a uuid', ...json, ...(json.filter ? {} : { filter: 'null or absent' }) },
      actual: body,
      answer,
    });
  await removeMade(context, token, body.id);
}

/** Removes a subscription an answer says was made, so a check leaves nothing behind. */
async function removeMade(context: CheckContext, token: string, id: unknown): Promise<void> {
  if (typeof id !== 'string') return;
  await context.call({ path: '/v0/webhook.unsubscribe', method: 'POST', token, form: { id } });
}

/** The fields of the answer that do not show the subscription `sent` made. */
function differences(sent: Sent, body: Record<string, unknown>): string[] {
  const filterShown = sent.filter
    ? isDeepStrictEqual(body.filter, sent.filter)
    : body.filter === undefined || body.filter === null;
  return [
    ...(UUID.test(String(body.id)) ? [] : ['id']),
    ...(body.event === sent.event ? [] : ['event']),
    ...(body.url === sent.url ? [] : ['url']),
    ...(filterShown ? [] : ['filter']),
  ];
}

/** The event names v0 subscribe takes, as the v0 document lists them (`Webhook-event-v0`). */
function subscribableEvents(): string[] {
  const { components } = sharedDocumentsByVersion().get('v0')!.document;
  const names = components?.schemas?.['Webhook-event-v0'] as { enum?: string[] } | undefined;
  return names?.enum ?? [];
}
