import { describe, expect, it } from 'vitest';
import { createReceiverContext } from '../../../src/conformance/receiver-suite/context.ts';
import {
  expectAccepted,
  expectRejected,
} from '../../../src/conformance/receiver-suite/expect-outcome.ts';
import type { Outcome } from '../../../src/conformance/receiver-suite/send.ts';
import { SECRET } from './receivers.ts';

/** A context whose findings are read back; nothing is sent. */
function judged(judge: (context: ReturnType<typeof contextFor>['context']) => void) {
  const made = contextFor();
  judge(made.context);
  return made.findings;
}

function contextFor() {
  return createReceiverContext({ id: 'dlv-03-example', requirements: ['DLV-03'] }, '2026-08-25', {
    url: 'http://127.0.0.1:9/',
    secret: SECRET,
    schedule: (task) => task(),
    validAnswers: [],
  });
}

const outcome = (answer: Partial<Outcome>): Outcome => ({
  event: 'e',
  id: 'msg_1',
  ms: 5,
  ...answer,
});

const REFUSAL = 'a refusal: any status but 2xx';

// DLV-03: the specification says receivers reject a delivery failing verification, and no more: the
// expectation the suite states is the one it enforces.
describe('expectRejected', () => {
  const cases: Array<[string, { given: Partial<Outcome>; want: object[] }]> = [
    ['a 401 refuses', { given: { status: 401 }, want: [] }],
    ['a 400 refuses', { given: { status: 400 }, want: [] }],
    ['a 403 refuses', { given: { status: 403 }, want: [] }],
    ['a 3xx refuses: it is not 2xx', { given: { status: 307 }, want: [] }],
    [
      'a 204 acknowledges: it fails',
      {
        given: { status: 204 },
        want: [
          { severity: 'error', expected: REFUSAL, actual: 204, message: /any status but 2xx/ },
        ],
      },
    ],
    [
      'a 500 refuses, with a warning: the sender retries it (DLV-06)',
      {
        given: { status: 500 },
        want: [{ severity: 'warning', actual: 500, message: /refused with 500, as it must be/ }],
      },
    ],
    [
      'a 429 refuses, with a warning: the sender retries it (DLV-06)',
      { given: { status: 429 }, want: [{ severity: 'warning', actual: 429 }] },
    ],
    [
      'no answer fails: it cannot be told from a receiver that hung',
      {
        given: { failure: 'no answer within 10 s' },
        want: [{ severity: 'error', expected: REFUSAL, actual: 'no answer within 10 s' }],
      },
    ],
  ];
  it.each(cases)('%s', (_, { given, want }) => {
    const findings = judged((context) => expectRejected(context, outcome(given), 'a delivery'));
    expect(findings).toEqual(
      want.map(({ message, ...rest }: { message?: RegExp }) =>
        expect.objectContaining({
          ...rest,
          requirement: 'DLV-03',
          ...(message && { message: expect.stringMatching(message) }),
        }),
      ),
    );
  });
});

describe('expectAccepted', () => {
  const cases: Array<[string, { given: Partial<Outcome>; want: number }]> = [
    ['a 200 acknowledges', { given: { status: 200 }, want: 0 }],
    ['a 299 acknowledges', { given: { status: 299 }, want: 0 }],
    ['a 300 does not', { given: { status: 300 }, want: 1 }],
    ['a 401 does not', { given: { status: 401 }, want: 1 }],
    ['no answer does not', { given: { failure: 'ECONNRESET' }, want: 1 }],
  ];
  it.each(cases)('%s', (_, { given, want }) => {
    const findings = judged((context) => expectAccepted(context, outcome(given), 'a delivery'));
    expect(findings).toHaveLength(want);
    for (const finding of findings) expect(finding).toMatchObject({ expected: '2xx' });
  });
});
