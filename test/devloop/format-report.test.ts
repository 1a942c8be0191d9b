import { describe, expect, it } from 'vitest';
import { diagnostic } from '../../src/diagnostic.ts';
import { formatReport } from '../../src/devloop/format-report.ts';
import type { DeliveryReport } from '../../src/devloop/inspect-delivery.ts';

const AT = new Date('2026-08-25T09:30:00Z');
const BASE: DeliveryReport = {
  version: 'v0',
  webhookId: 'msg_1',
  timestamp: 1785312000,
  attempt: 1,
  signature: 'verified',
  ok: true,
  diagnostics: [],
};

describe('formatReport', () => {
  it.each<[string, Partial<DeliveryReport>, string[]]>([
    [
      'a valid first attempt',
      { event: 'lobby:booked' },
      [
        '2026-08-25T09:30:00.000Z  lobby:booked  v0',
        '  webhook-id msg_1  webhook-timestamp 1785312000  first attempt',
        '  signature: verified',
        '  payload: valid',
      ],
    ],
    [
      'a rejected retry whose event is not named',
      {
        candidates: ['recording:saved', 'transcript:saved'],
        attempt: 3,
        retryReason: 'http_429',
        signature: 'signature_mismatch',
        ok: false,
        diagnostics: [
          diagnostic('signature_mismatch', 'no v1 signature matches', {
            requirement: 'DLV-03',
            location: 'header webhook-signature',
          }),
        ],
      },
      [
        '2026-08-25T09:30:00.000Z  (event not named; the payload fits recording:saved, transcript:saved)  v0',
        '  webhook-id msg_1  webhook-timestamp 1785312000  retry 2 (http_429)',
        '  signature: rejected (signature_mismatch)',
        '  - header webhook-signature: no v1 signature matches (DLV-03)',
      ],
    ],
    [
      'an enveloped delivery with its eventId and no headers',
      {
        event: 'meeting.ended',
        version: '2026-08-25',
        eventId: 'evt_1',
        webhookId: undefined,
        timestamp: undefined,
      },
      [
        '2026-08-25T09:30:00.000Z  meeting.ended  2026-08-25',
        '  webhook-id (none)  eventId evt_1  webhook-timestamp (none)  first attempt',
        '  signature: verified',
        '  payload: valid',
      ],
    ],
  ])('writes %s', (_name, report, lines) => {
    expect(formatReport({ ...BASE, ...report }, AT).split('\n')).toEqual(lines);
  });
});
