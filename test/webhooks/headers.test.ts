import { describe, expect, it } from 'vitest';
import { type HeaderSource, readWebhookHeaders } from '../../src/webhooks/headers.ts';
import { PROTOTYPE_NAMES, jsonWithKey } from '../support/prototype-names.ts';

describe('readWebhookHeaders', () => {
  const all = (values: Partial<Record<string, string>>) => ({
    'webhook-id': undefined,
    'webhook-timestamp': undefined,
    'webhook-signature': undefined,
    'service-version': undefined,
    'service-retry-num': undefined,
    'service-retry-reason': undefined,
    ...values,
  });
  const cases: Array<[string, { headers: HeaderSource; want: ReturnType<typeof all> }]> = [
    [
      'Node lowercase headers, others ignored',
      {
        headers: { 'webhook-id': 'a', host: 'h', 'service-retry-num': '2' },
        want: all({ 'webhook-id': 'a', 'service-retry-num': '2' }),
      },
    ],
    [
      'names in another case',
      {
        headers: { 'Webhook-Timestamp': '1', 'SERVICE-VERSION': '2026-08-25' },
        want: all({ 'webhook-timestamp': '1', 'service-version': '2026-08-25' }),
      },
    ],
    [
      'other headers in upper case are ignored',
      {
        headers: { Host: 'h', 'Content-Type': 'application/json', 'Webhook-Id': 'a' },
        want: all({ 'webhook-id': 'a' }),
      },
    ],
    [
      'a name one letter longer is not a delivery header',
      { headers: { 'Webhook-Ids': 'x' }, want: all({}) },
    ],
    ['same length, one letter apart', { headers: { 'Webhook-Ie': 'x' }, want: all({}) }],
    [
      'only letters fold: a carriage return is not a dash',
      { headers: { 'Webhook\rId': 'x' }, want: all({}) },
    ],
    [
      'the lowercase one wins over another case',
      { headers: { 'webhook-id': 'low', 'Webhook-Id': 'up' }, want: all({ 'webhook-id': 'low' }) },
    ],
    [
      'the lowercase one wins, even when it comes second',
      { headers: { 'Webhook-Id': 'up', 'webhook-id': 'low' }, want: all({ 'webhook-id': 'low' }) },
    ],
    [
      'the first of a repeated header',
      {
        headers: { 'webhook-signature': ['v1,a', 'v1,b'] },
        want: all({ 'webhook-signature': 'v1,a' }),
      },
    ],
    [
      'fetch Headers',
      {
        headers: new Headers({ 'Service-Retry-Reason': 'transport' }),
        want: all({ 'service-retry-reason': 'transport' }),
      },
    ],
  ];
  it.each(cases)('%s', (_, { headers, want }) => {
    expect(readWebhookHeaders(headers)).toEqual(want);
  });
});

describe('readWebhookHeaders: header names and values from outside', () => {
  const none = {
    'webhook-id': undefined,
    'webhook-timestamp': undefined,
    'webhook-signature': undefined,
    'service-version': undefined,
    'service-retry-num': undefined,
    'service-retry-reason': undefined,
  };
  const upper = (name: string) => name.toUpperCase();
  const named = PROTOTYPE_NAMES.flatMap(
    (name) =>
      [
        [
          `DLV-02: a header named "${name}" beside webhook-id`,
          {
            given: JSON.parse(jsonWithKey(name, 'x')) as Record<string, string>,
            also: { 'webhook-id': 'a' },
          },
        ],
        [
          `DLV-02: a header named "${upper(name)}" beside webhook-id`,
          {
            given: JSON.parse(jsonWithKey(upper(name), 'x')) as Record<string, string>,
            also: { 'webhook-id': 'a' },
          },
        ],
        [
          `DLV-02: fetch Headers with "${name}"`,
          {
            given: new Headers([
              [name, 'x'],
              ['webhook-id', 'a'],
            ]),
            also: {},
          },
        ],
      ] as const,
  );
  it.each(named)('%s is ignored', (_, { given, also }) => {
    const source = given instanceof Headers ? given : { ...given, ...also };
    expect(readWebhookHeaders(source)).toEqual({ ...none, 'webhook-id': 'a' });
  });

  const inherited = (values: Record<string, string>) =>
    Object.create(values) as Record<string, string>;
  const cases: Array<
    [string, { given: unknown; want: Partial<Record<keyof typeof none, string>> }]
  > = [
    [
      'DLV-02: headers only inherited are not sent headers',
      { given: inherited({ 'webhook-id': 'a', 'Webhook-Signature': 'v1,x' }), want: {} },
    ],
    [
      'DLV-02: a header named get is a header, not a fetch Headers',
      { given: { get: 'x', 'webhook-id': 'a' }, want: { 'webhook-id': 'a' } },
    ],
    [
      'DLV-02: values that are not strings are not headers',
      { given: { 'webhook-id': 1, 'Webhook-Timestamp': {}, 'webhook-signature': [2] }, want: {} },
    ],
    ['DLV-02: no headers at all', { given: undefined, want: {} }],
    [
      'DLV-02: a null-prototype object, as Node gives',
      {
        given: Object.assign(Object.create(null), { 'webhook-id': 'a' }),
        want: { 'webhook-id': 'a' },
      },
    ],
  ];
  it.each(cases)('%s', (_, { given, want }) => {
    expect(readWebhookHeaders(given as HeaderSource)).toEqual({ ...none, ...want });
  });
});
