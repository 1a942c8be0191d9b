import { describe, expect, it } from 'vitest';
import { type HeaderSource, readWebhookHeaders } from '../../src/webhooks/headers.ts';

describe('readWebhookHeaders', () => {
  const all = (values: Partial<Record<string, string>>) => ({
    'webhook-id': undefined, 'webhook-timestamp': undefined, 'webhook-signature': undefined,
    'service-version': undefined, 'service-retry-num': undefined, 'service-retry-reason': undefined, ...values,
  });
  const cases: Array<[string, { headers: HeaderSource; want: ReturnType<typeof all> }]> = [
    ['Node lowercase headers, others ignored', { headers: { 'webhook-id': 'a', host: 'h', 'service-retry-num': '2' }, want: all({ 'webhook-id': 'a', 'service-retry-num': '2' }) }],
    ['names in another case', { headers: { 'Webhook-Timestamp': '1', 'SERVICE-VERSION': '2026-08-25' }, want: all({ 'webhook-timestamp': '1', 'service-version': '2026-08-25' }) }],
    ['other headers in upper case are ignored', { headers: { Host: 'h', 'Content-Type': 'application/json', 'Webhook-Id': 'a' }, want: all({ 'webhook-id': 'a' }) }],
    ['a name one letter longer is not a delivery header', { headers: { 'Webhook-Ids': 'x' }, want: all({}) }],
    ['same length, one letter apart', { headers: { 'Webhook-Ie': 'x' }, want: all({}) }],
    ['only letters fold: a carriage return is not a dash', { headers: { 'Webhook\rId': 'x' }, want: all({}) }],
    ['the lowercase one wins over another case', { headers: { 'webhook-id': 'low', 'Webhook-Id': 'up' }, want: all({ 'webhook-id': 'low' }) }],
    ['the first of a repeated header', { headers: { 'webhook-signature': ['v1,a', 'v1,b'] }, want: all({ 'webhook-signature': 'v1,a' }) }],
    ['fetch Headers', { headers: new Headers({ 'Service-Retry-Reason': 'transport' }), want: all({ 'service-retry-reason': 'transport' }) }],
  ];
  it.each(cases)('%s', (_, { headers, want }) => {
    expect(readWebhookHeaders(headers)).toEqual(want);
  });
});
