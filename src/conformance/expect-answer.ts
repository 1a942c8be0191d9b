import { errorCode } from '../client/error-code.js';
import type { HttpAnswer } from '../http-answer.js';
import type { CheckContext } from './context.js';

/** What a case expects of an answer: its status and, for errors, its code. */
export interface Expected {
  status: number;
  /** v1 and OAuth errors say `error`, v0 errors say `code`; either is compared here. */
  error?: string;
}

/**
 * Whether `answer` has the expected status and code; where it has not, reports what came, for
 * `requirement` (the check's first unless given).
 */
export function expectAnswer(
  context: Pick<CheckContext, 'report'>,
  name: string,
  answer: HttpAnswer,
  expected: Expected,
  requirement?: string,
): boolean {
  const code = errorCode(answer.body);
  if (
    answer.status === expected.status &&
    (expected.error === undefined || code === expected.error)
  )
    return true;
  context.report({
    message: `${name}: got ${answer.status}${code ? ` ${code}` : ''}`,
    ...(requirement === undefined ? {} : { requirement }),
    expected,
    actual: { status: answer.status, ...(code === undefined ? {} : { error: code }) },
  });
  return false;
}

/**
 * The keys of `wanted` whose values `seen` does not have (compared as JSON, so lists compare by
 * content).
 */
export function differingKeys(
  wanted: Record<string, unknown>,
  seen: Record<string, unknown>,
): string[] {
  return Object.keys(wanted).filter(
    (key) => JSON.stringify(seen[key]) !== JSON.stringify(wanted[key]),
  );
}
