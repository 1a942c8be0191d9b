import { errorCode } from '../../client/error-code.js';
import type { HttpAnswer } from '../../http-answer.js';
import type { CheckContext } from './context.js';

/** Any status from 400 to 499: a refusal whose status the specification does not give. */
export const CLIENT_ERROR = '4xx';
/** Any status from 200 to 299: a success whose status the specification does not give. */
export const SUCCESS = '2xx';

/**
 * What a case accepts of an answer: the status the specification gives (or the statuses it
 * allows, or any 4xx where it gives none) and, for errors, the code it names (or the codes that
 * name the same refusal).
 */
export interface Expected {
  status: number | readonly number[] | typeof CLIENT_ERROR | typeof SUCCESS;
  /** v1 and OAuth errors say `error`, v0 errors say `code`; either is compared here. */
  error?: string | readonly string[];
  /**
   * Where only a reading gives the code (docs/REQUIREMENTS.md): another code is a warning, unless
   * the profile opts into the reading.
   */
  errorReading?: string;
  /** Where only a reading gives the whole answer: any difference is a warning unless opted in. */
  reading?: string;
}

const listOf = <T>(value: T | readonly T[]): readonly T[] =>
  Array.isArray(value) ? value : [value as T];

/** Whether `status` is one `expected` allows. */
function statusAllowed(expected: Expected['status'], status: number): boolean {
  if (expected === CLIENT_ERROR) return status >= 400 && status < 500;
  if (expected === SUCCESS) return status >= 200 && status < 300;
  return listOf(expected).includes(status);
}

/** The expected answer in words: `400 invalid_parameter`, `401 or 403`, `a 4xx refusal`. */
function describeExpected({ status, error }: Expected): string {
  const statuses =
    status === CLIENT_ERROR
      ? 'a 4xx refusal'
      : status === SUCCESS
        ? 'a 2xx success'
        : listOf(status).join(' or ');
  return error === undefined ? statuses : `${statuses} ${listOf(error).join(' or ')}`;
}

/**
 * Whether `answer` has a status and code `expected` allows; where it has not, reports what came,
 * the request and the answer, for `requirement` (the check's first unless given). A wrong code
 * under the right status says so; where the code rests on a reading, it is reported as such.
 */
export function expectAnswer(
  context: Pick<CheckContext, 'report'>,
  name: string,
  answer: HttpAnswer,
  expected: Expected,
  requirement?: string,
): boolean {
  const code = errorCode(answer.body);
  const named = requirement === undefined ? {} : { requirement };
  const actual = { status: answer.status, ...(code === undefined ? {} : { error: code }) };
  const got = `${answer.status}${code ? ` ${code}` : ''}`;
  if (!statusAllowed(expected.status, answer.status)) {
    context.report({
      message: `${name}: expected ${describeExpected(expected)}, got ${got}`,
      ...named,
      ...(expected.reading ? { reading: expected.reading } : {}),
      expected: describeExpected(expected),
      actual,
      answer,
    });
    return false;
  }
  if (expected.error === undefined || listOf(expected.error).includes(code ?? '')) return true;
  context.report({
    message: `${name}: the status ${answer.status} is right, but the code is ${code === undefined ? 'missing' : code}, not ${listOf(expected.error).join(' or ')}`,
    ...named,
    ...((expected.errorReading ?? expected.reading)
      ? { reading: expected.errorReading ?? expected.reading }
      : {}),
    expected: describeExpected(expected),
    actual,
    answer,
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
