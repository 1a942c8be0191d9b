import type { Check } from '../check.js';
import { expectAnswer } from '../expect-answer.js';
import { needCredential } from '../needs.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * SUB-01: v0 subscribe answers `{id (uuid), event, url, filter}`; `magicast.created` is not
 * subscribable.
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
    const json = { event: 'lobby:booked', url, filter: { lobbyId: 'lobby-1' } };
    const answer = await context.call({
      path: '/v0/webhook.subscribe',
      method: 'POST',
      token,
      json,
    });
    const body = answer.body ?? {};
    if (
      answer.status !== 200 ||
      !UUID.test(String(body.id)) ||
      body.event !== json.event ||
      body.url !== url ||
      JSON.stringify(body.filter) !== JSON.stringify(json.filter)
    ) {
      context.report({
        message: `subscribe answered ${answer.status} without the subscription it made`,
        expected: { status: 200, id: 'a uuid', ...json },
        actual: { status: answer.status, ...body },
      });
    }
    if (typeof body.id === 'string')
      await context.call({
        path: '/v0/webhook.unsubscribe',
        method: 'POST',
        token,
        form: { id: body.id },
      });
    const magicast = await context.call({
      path: '/v0/webhook.subscribe',
      method: 'POST',
      token,
      json: { event: 'magicast.created', url },
    });
    expectAnswer(context, 'subscribing to magicast.created', magicast, { status: 400 });
  },
};
