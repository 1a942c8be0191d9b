import type { Observed } from './context.js';
import type { Diagnostic } from './diagnostic.js';

/** What a case expects of an answer: its status and, for errors, its code. */
export interface Expected {
  status: number;
  /** v1 and OAuth errors say `error`, v0 errors say `code`; either is compared here. */
  error?: string;
}

/** The code an error answer carries: `error` (v1, OAuth) or `code` (v0). */
export function errorCode(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const { error, code } = body as { error?: unknown; code?: unknown };
  return typeof error === 'string' ? error : typeof code === 'string' ? code : undefined;
}

/** Nothing when `answer` has the expected status and code; otherwise one diagnostic saying what came. */
export function expectAnswer(
  check: string,
  requirement: string,
  name: string,
  answer: Observed,
  expected: Expected,
): Diagnostic[] {
  const code = errorCode(answer.body);
  if (
    answer.status === expected.status &&
    (expected.error === undefined || code === expected.error)
  )
    return [];
  const actual = { status: answer.status, ...(code === undefined ? {} : { error: code }) };
  return [
    {
      check,
      requirement,
      severity: 'error',
      message: `${name}: got ${answer.status}${code ? ` ${code}` : ''}`,
      expected,
      actual,
    },
  ];
}

/** The keys of `wanted` whose values `seen` does not have (compared as JSON, so lists compare by content). */
export function differingKeys(
  wanted: Record<string, unknown>,
  seen: Record<string, unknown>,
): string[] {
  return Object.keys(wanted).filter(
    (key) => JSON.stringify(seen[key]) !== JSON.stringify(wanted[key]),
  );
}

/** One diagnostic, for checks that compare something other than an answer's status. */
export function finding(
  check: string,
  requirement: string,
  message: string,
  expected?: unknown,
  actual?: unknown,
): Diagnostic {
  return {
    check,
    requirement,
    severity: 'error',
    message,
    ...(expected === undefined ? {} : { expected }),
    ...(actual === undefined ? {} : { actual }),
  };
}
