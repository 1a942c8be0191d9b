import { describe, expect, it } from 'vitest';
import type { GeneratedFailure } from '../../../src/conformance/generate/exercise-target.ts';
import { failureHeadline } from '../../../src/conformance/generate/failure-headline.ts';
import { diagnostic } from '../../../src/diagnostic.ts';

const FAILURE = {
  version: '2026-08-25',
  operation: 'POST /v1/webhook.subscribe',
  signature: 'status 500',
  case: { kind: 'wrong-type', method: 'POST', path: '/v1/webhook.subscribe', headers: {} },
  findings: [diagnostic('generated', 'expected 400, got 500', { requirement: 'SUB-01' })],
} as unknown as GeneratedFailure;

describe('failureHeadline: one line for a generated failure in every report', () => {
  it.each<[string, GeneratedFailure, string]>([
    [
      'its first finding, with its requirement',
      FAILURE,
      '2026-08-25 POST /v1/webhook.subscribe: wrong-type request: SUB-01 expected 400, got 500',
    ],
    [
      'its signature, where it carries no finding',
      { ...FAILURE, findings: [] },
      '2026-08-25 POST /v1/webhook.subscribe: wrong-type request: status 500',
    ],
  ])('names the version, operation, kind and %s', (_, failure, line) => {
    expect(failureHeadline(failure)).toBe(line);
  });
});
