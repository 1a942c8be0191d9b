import { describe, expect, it } from 'vitest';
import { type HeaderSource, getHeader } from '../../src/webhooks/headers.ts';

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
