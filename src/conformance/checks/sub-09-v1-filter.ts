import type { Check } from '../check.js';
import { tableCheck } from '../table-check.js';

/** SUB-09: v1 filter keys and values; `{}` and `{mention: false}` alone are refused. */
export const sub09V1Filter: Check = tableCheck({
  requirements: ['SUB-09'],
  basis: 'stated',
  title: 'v1 filters: valid values, no empty filter, no mention false alone',
  need: ({ version }) => ({
    operation: 'v1 post /webhook.subscribe',
    pin: version,
    scopes: ['webhook:write'],
  }),
  cases: (_, token) => {
    const subscribe = (filter: unknown) => ({
      path: '/v1/webhook.subscribe',
      method: 'POST' as const,
      token,
      json: { event: 'chat.message', url: 'https://conformance.example.com/sub-09', filter },
    });
    return [
      {
        name: 'an empty filter',
        call: subscribe({}),
        expect: { status: 400, error: 'invalid_parameter' },
      },
      {
        name: 'mention false alone',
        call: subscribe({ mention: false }),
        expect: { status: 400, error: 'invalid_parameter' },
      },
      {
        name: 'chatType other than dm or group',
        call: subscribe({ chatType: 'channel' }),
        expect: { status: 400, error: 'invalid_parameter' },
      },
      {
        name: 'hasVideo false',
        call: subscribe({ hasVideo: false }),
        expect: { status: 400, error: 'invalid_parameter' },
      },
    ];
  },
});
