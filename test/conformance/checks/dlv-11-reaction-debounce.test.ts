import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKS } from '../../../src/conformance/checks/index.ts';
import {
  type Arrival,
  type SentChange,
  judgeDebounce,
} from '../../../src/conformance/checks/dlv-11-reaction-debounce.ts';
import { runConformance } from '../../../src/conformance/runner.ts';
import { profileOf } from '../../../src/reference/profile.ts';
import { useReferenceServer } from '../../support/reference-server.ts';
import { startForwarder } from '../../support/tcp-forwarder.ts';

// The debounce window at 50 times real time: 10 s of service time is 200 ms.
const timeScale = { retries: 600, debounce: 50, failStreak: 43_200 };
const reference = useReferenceServer({ triggerEvents: true, timeScale });
let slowLink: Awaited<ReturnType<typeof startForwarder>>;
beforeAll(async () => {
  // 40 ms each way between the suite and the server: a network, not a busy machine.
  slowLink = await startForwarder({ port: Number(new URL(reference.server.url).port) }, 40);
});
afterAll(() => slowLink?.close());

describe('dlv-11 across a slow network', () => {
  it('says the round trip against the scaled window is the cause, and which time scale would do', async () => {
    const profile = profileOf(slowLink.url, reference.server.workspace, {
      triggerEvents: true,
      timeScale,
      allowLocalDestinations: true,
    });
    const checks = CHECKS.filter(([id]) => id === 'dlv-11-reaction-debounce');
    const [result] = await runConformance(profile, '2026-08-25', { checks });
    expect(result?.status).toBe('not_testable');
    expect(result?.reason).toMatch(
      /^the four changes took \d+ ms to send \(round trip ~(8\d|9\d|1\d\d) ms each; the suite's own event loop stalled only \d+ ms\) against the 200 ms debounce window, over half of it/,
    );
    expect(result?.reason).toMatch(
      /your implementation's debounce runs at 50x \(profile `timeScale.debounce`\); a scale of at most \d+ leaves room/,
    );
    expect(result?.reason).not.toMatch(/serve|--time-scale/);
    expect(result?.remedy).toEqual([
      { clock: 'debounce', now: 50, atMost: expect.any(Number), waitMs: 20_000 },
    ]);
    expect(result?.reason).not.toMatch(/less busy machine/);
  });
});

const [TU, HEART] = [':thumbs_up:', ':heart:'];
/** The check's four changes, each sent at `[sentAt, answeredAt]`. */
const sent = (...times: Array<[number, number]>): SentChange[] =>
  (
    [
      ['first', [TU]],
      ['first', [TU, HEART]],
      ['second', [HEART]],
      ['first', [HEART]],
    ] as const
  ).map(([message, codes], i) => ({
    message,
    codes,
    sentAt: times[i]![0],
    answeredAt: times[i]![1],
  }));
const QUICK = sent([0, 10], [10, 20], [20, 30], [30, 40]);
const SLOW = sent([0, 120], [120, 240], [240, 360], [360, 480]);
const got = (message: 'first' | 'second', codes: string[], receivedAt: number): Arrival => ({
  message,
  codes,
  receivedAt,
});

// Every rule holds however long the sending took: a 200 ms window, so at least 100 ms.
describe('judgeDebounce', () => {
  it.each<
    [
      string,
      {
        given: { changes: SentChange[]; arrivals: Arrival[]; windowMs?: number };
        want: { findings: RegExp[]; coalesced: boolean };
      },
    ]
  >([
    [
      'one delivery of each latest set after the window',
      {
        given: {
          changes: QUICK,
          arrivals: [got('first', [HEART], 230), got('second', [HEART], 240)],
        },
        want: { findings: [], coalesced: true },
      },
    ],
    [
      'each latest set twice (at-least-once): coalesced all the same',
      {
        given: {
          changes: QUICK,
          arrivals: [
            got('first', [HEART], 230),
            got('first', [HEART], 231),
            got('second', [HEART], 240),
            got('second', [HEART], 241),
          ],
        },
        want: { findings: [], coalesced: true },
      },
    ],
    [
      'every change delivered at once, sent quickly',
      {
        given: {
          changes: QUICK,
          arrivals: [
            got('first', [TU], 12),
            got('first', [TU, HEART], 22),
            got('second', [HEART], 32),
            got('first', [HEART], 42),
          ],
        },
        want: {
          findings: [
            /^a delivery of the first message came 12 ms after its first change was sent, before its debounce window could have closed$/,
            /^the first message's set \[:thumbs_up:\] was delivered on its own, though its next change \[:heart: :thumbs_up:\] had reached the implementation within 20 ms of the message's first change, under half the 200 ms debounce window$/,
            /^the first message's set \[:heart: :thumbs_up:\] was delivered on its own, though its next change \[:heart:\] had reached the implementation within 40 ms/,
            /^a delivery of the second message came 12 ms after its first change was sent/,
          ],
          coalesced: false,
        },
      },
    ],
    [
      'every change delivered at once, sent slowly and each delivery late: not judged',
      {
        given: {
          changes: SLOW,
          arrivals: [
            got('first', [TU], 130),
            got('first', [TU, HEART], 250),
            got('second', [HEART], 370),
            got('first', [HEART], 490),
          ],
        },
        want: { findings: [], coalesced: false },
      },
    ],
    [
      'every change delivered at once, sent slowly, the first delivery sooner than the window',
      {
        given: {
          changes: SLOW,
          arrivals: [
            got('first', [TU], 60),
            got('first', [TU, HEART], 250),
            got('second', [HEART], 370),
            got('first', [HEART], 490),
          ],
        },
        want: {
          findings: [/^a delivery of the first message came 60 ms after its first change/],
          coalesced: false,
        },
      },
    ],
    [
      'a window split by slow sends: not judged',
      {
        given: {
          changes: SLOW,
          arrivals: [
            got('first', [TU, HEART], 330),
            got('second', [HEART], 560),
            got('first', [HEART], 600),
          ],
        },
        want: { findings: [], coalesced: false },
      },
    ],
    [
      'a set the message never had, and not its latest',
      {
        given: {
          changes: QUICK,
          arrivals: [got('first', [HEART, ':tada:'], 230), got('second', [HEART], 240)],
        },
        want: {
          findings: [
            /^a delivery of the first message carried \[:heart: :tada:\], not a set the message had after one of its changes$/,
            /^the first message's latest set \[:heart:\] was never delivered$/,
          ],
          coalesced: false,
        },
      },
    ],
    [
      'one message delivered, the other not',
      {
        given: { changes: QUICK, arrivals: [got('first', [HEART], 230)] },
        want: {
          findings: [/^no delivery of the second message's reactions arrived$/],
          coalesced: true,
        },
      },
    ],
    [
      'the latest set with its reactions in another order',
      {
        given: {
          changes: QUICK.slice(0, 2),
          arrivals: [got('first', [HEART, TU], 230)],
        },
        want: { findings: [], coalesced: true },
      },
    ],
    [
      'a window under 50 ms is not timed',
      {
        given: {
          changes: QUICK,
          arrivals: [got('first', [HEART], 12), got('second', [HEART], 32)],
          windowMs: 40,
        },
        want: { findings: [], coalesced: true },
      },
    ],
  ])('%s', (_, { given, want }) => {
    const verdict = judgeDebounce(given.changes, given.arrivals, given.windowMs ?? 200);
    expect(verdict.findings.map((f) => f.message)).toEqual(
      want.findings.map((f) => expect.stringMatching(f)),
    );
    expect(verdict.coalesced).toBe(want.coalesced);
  });
});
