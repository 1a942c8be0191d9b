import type { Check } from '../check.js';
import { tableCheck } from '../table-check.js';

/**
 * SUB-03: a `url` over 1024 characters gives 400 `invalid_parameter`; plain HTTP to a remote host
 * too.
 */
export const sub03UrlRules: Check = tableCheck({
  requirements: ['SUB-03'],
  title: 'Subscription URLs: at most 1024 characters, HTTPS outside local environments',
  need: ({ version }) => ({
    operation: 'v1 post /webhook.subscribe',
    pin: version,
    scopes: ['webhook:write'],
  }),
  cases: (_, token) => {
    const longest = `https://conformance.example.com/${'a'.repeat(1024 - 'https://conformance.example.com/'.length)}`;
    const subscribe = (generation: 'v0' | 'v1', url: string) => ({
      path: `/${generation}/webhook.subscribe`,
      method: 'POST' as const,
      token,
      json: { event: generation === 'v0' ? 'lobby:booked' : 'meeting.ended', url },
    });
    return [
      {
        name: 'v0: a url of 1025 characters',
        call: subscribe('v0', `${longest}a`),
        expect: { status: 400, error: 'invalid_parameter' },
      },
      {
        name: 'v1: a url of 1025 characters',
        call: subscribe('v1', `${longest}a`),
        expect: { status: 400, error: 'invalid_parameter' },
      },
      {
        name: 'v0: plain HTTP to a remote host',
        call: subscribe('v0', 'http://conformance.example.com/plain'),
        expect: { status: 400, error: 'invalid_parameter' },
      },
      {
        name: 'v1: plain HTTP to a remote host',
        call: subscribe('v1', 'http://conformance.example.com/plain'),
        expect: { status: 400, error: 'invalid_parameter' },
      },
    ];
  },
});
