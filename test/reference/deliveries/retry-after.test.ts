import { describe, expect, it } from 'vitest';
import { retryAfterSeconds } from '../../../src/reference/deliveries/retry-after.ts';

describe('retryAfterSeconds (DLV-07)', () => {
  const now = Date.parse('2026-09-01T00:00:00Z');
  const cases: Array<[string, { given: string | null; want: number | undefined }]> = [
    ['absent', { given: null, want: undefined }],
    ['delta-seconds', { given: '120', want: 120 }],
    ['padded', { given: ' 5 ', want: 5 }],
    ['an HTTP-date', { given: 'Tue, 01 Sep 2026 00:01:00 GMT', want: 60 }],
    ['a date in the past', { given: 'Mon, 31 Aug 2026 23:00:00 GMT', want: 0 }],
    ['negative', { given: '-5', want: undefined }],
    ['garbage', { given: 'soon', want: undefined }],
  ];
  it.each(cases)('%s', (_, { given, want }) => expect(retryAfterSeconds(given, now)).toBe(want));
});
