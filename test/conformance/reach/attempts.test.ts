import { describe, expect, it } from 'vitest';
import {
  attemptCount,
  byWebhookId,
  lostOnTheSuitesSide,
  retriedDespiteAnswers,
} from '../../../src/conformance/reach/attempts.ts';
import type { Received, Receiver } from '../../../src/conformance/callback/receiver.ts';

/** An attempt as the receiver records it: its webhook-id and the retry it says it is. */
const attempt = (id: string, retry?: string): Received => ({
  method: 'POST',
  headers: {
    'webhook-id': id,
    ...(retry ? { 'service-retry-num': retry, 'service-retry-reason': 'transport' } : {}),
  },
  body: '{}',
  receivedAt: 0,
});

describe('byWebhookId', () => {
  it.each([
    ['in order of arrival', ['a', 'a1', 'b'], [['a', 'a1'], ['b']]],
    // A first attempt the suite's receiver took too late is abandoned and retried (DLV-08), and may
    // be read after its retry: it is still the first, so the retry is seen as one.
    ['a first attempt read after its retry', ['a1', 'b', 'a'], [['a', 'a1'], ['b']]],
    ['retries read out of order', ['a2', 'a1', 'a', 'a3'], [['a', 'a1', 'a2', 'a3']]],
    ['an unreadable retry number counts as a first attempt', ['ax', 'a'], [['ax', 'a']]],
  ])('groups and orders %s', (_, arrived, want) => {
    const received = arrived.map((name) => attempt(name[0]!, name.slice(1) || undefined));
    const names = byWebhookId(received).map((delivery) =>
      delivery.map((r) => `${r.headers['webhook-id']}${r.headers['service-retry-num'] ?? ''}`),
    );
    expect(names).toEqual(want);
  });
});

describe('attemptCount', () => {
  it.each([
    ['every attempt read', ['a', 'a1', 'a2', 'a3'], 4],
    // The first attempt lost on the suite's side: its retries say it was made.
    ['the first never read', ['a1', 'a2', 'a3'], 4],
    ['a first attempt alone', ['a'], 1],
    ['a fifth attempt', ['a', 'a1', 'a2', 'a3', 'a4'], 5],
    ['retries without numbers count as read', ['a', 'a', 'a'], 3],
  ])('%s: %i', (_, arrived, want) => {
    const received = arrived.map((name) => attempt(name[0]!, name.slice(1) || undefined));
    expect(attemptCount(received)).toBe(want);
  });
});

describe('retriedDespiteAnswers', () => {
  const retry = (reason: string): Received => ({
    ...attempt('a', '1'),
    headers: { 'webhook-id': 'a', 'service-retry-num': '1', 'service-retry-reason': reason },
  });
  it.each([
    ['no retry', [attempt('a')], 0],
    // The answer never reached the implementation in time: no sign it was refused.
    ['a retry for a transport failure', [attempt('a'), retry('transport')], 0],
    ['a retry for a 5xx', [attempt('a'), retry('http_5xx')], 1],
    ['a retry saying nothing', [attempt('a'), attempt('a')], 1],
  ])('%s: %s', (_, delivery, want) => {
    expect(retriedDespiteAnswers(delivery)).toBe(want);
  });
});

describe('lostOnTheSuitesSide', () => {
  const receiver = (lost: number) => ({ lostSince: () => lost }) as unknown as Receiver;
  it('says nothing when the receiver lost nothing', () => {
    expect(lostOnTheSuitesSide(receiver(0), 0, 'short')).toBeUndefined();
  });
  it('measures again, saying what fell short and how many connections were lost', () => {
    expect(lostOnTheSuitesSide(receiver(2), 0, '3 of 4 attempts arrived')).toEqual({
      skip: 'not_testable',
      rerun: true,
      reason: expect.stringMatching(/^3 of 4 attempts arrived while 2 connections .* reset/),
    });
  });
});
