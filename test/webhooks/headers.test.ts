import { describe, expect, it } from 'vitest';
import { type HeaderSource, getHeader, readWebhookHeaders } from '../../src/webhooks/headers.ts';

describe('getHeader', () => {
  const cases: Array<[string, { headers: HeaderSource; name: string; want: string | undefined }]> = [
    ['the name as written', { headers: { 'webhook-id': 'a' }, name: 'webhook-id', want: 'a' }],
    ['another case (Node gives lowercase)', { headers: { 'service-version': '2026-08-25' }, name: 'Service-Version', want: '2026-08-25' }],
    ['upper case sent, lower case asked', { headers: { 'WEBHOOK-ID': 'b' }, name: 'webhook-id', want: 'b' }],
    ['the first of a repeated header', { headers: { 'webhook-id': ['c', 'd'] }, name: 'webhook-id', want: 'c' }],
    ['absent', { headers: { 'webhook-id': 'a' }, name: 'webhook-timestamp', want: undefined }],
    ['an undefined value is absent', { headers: { 'webhook-id': undefined }, name: 'webhook-id', want: undefined }],
    ['same length, one character apart', { headers: { 'webhook-ie': 'x' }, name: 'webhook-id', want: undefined }],
    ['only letters fold: @ is not a backtick', { headers: { 'a@b': 'x' }, name: 'a`b', want: undefined }],
    ['fetch Headers', { headers: new Headers({ 'Webhook-Id': 'e' }), name: 'webhook-id', want: 'e' }],
  ];
  it.each(cases)('%s', (_, { headers, name, want }) => {
    expect(getHeader(headers, name)).toBe(want);
  });
});

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
    ['the lowercase one wins over another case', { headers: { 'webhook-id': 'low', 'Webhook-Id': 'up' }, want: all({ 'webhook-id': 'low' }) }],
    ['the first of a repeated header', { headers: { 'webhook-signature': ['v1,a', 'v1,b'] }, want: all({ 'webhook-signature': 'v1,a' }) }],
    ['fetch Headers', { headers: new Headers({ 'Service-Retry-Reason': 'transport' }), want: all({ 'service-retry-reason': 'transport' }) }],
  ];
  it.each(cases)('%s', (_, { headers, want }) => {
    expect(readWebhookHeaders(headers)).toEqual(want);
  });
});
