import { describe, expect, it } from 'vitest';
import {
  type UnitRule,
  headerOf,
  lifetimeSeconds,
  rfc3339Utc,
  unixMicroseconds,
  unixSeconds,
} from '../../../src/conformance/run/units.ts';

// 2026-08-25T12:00:00Z in each unit.
const SECONDS = 1787659200;
const MILLIS = SECONDS * 1000;
const MICROS = SECONDS * 1_000_000;

const cases: Array<[string, UnitRule, unknown, string | undefined]> = [
  ['microseconds: a message key', unixMicroseconds, MICROS + 123456, undefined],
  ['microseconds: milliseconds', unixMicroseconds, MILLIS, 'milliseconds'],
  ['microseconds: seconds', unixMicroseconds, SECONDS, 'of seconds'],
  ['microseconds: nanoseconds', unixMicroseconds, 1.787659e18, 'integer'],
  ['microseconds: a fraction', unixMicroseconds, MICROS + 0.5, 'integer'],
  ['microseconds: a string', unixMicroseconds, String(MICROS), 'integer'],
  ['seconds: now', unixSeconds, SECONDS, undefined],
  ['seconds: milliseconds', unixSeconds, MILLIS, 'milliseconds'],
  ['seconds: microseconds', unixSeconds, MICROS, 'microseconds'],
  ['header seconds: now', headerOf(unixSeconds), String(SECONDS), undefined],
  ['header seconds: milliseconds', headerOf(unixSeconds), String(MILLIS), 'milliseconds'],
  ['header seconds: fractional', headerOf(unixSeconds), `${SECONDS}.5`, 'decimal integer'],
  ['header seconds: missing', headerOf(unixSeconds), undefined, 'decimal integer'],
  ['RFC 3339: UTC', rfc3339Utc, '2026-08-25T12:00:00Z', undefined],
  ['RFC 3339: UTC, fraction', rfc3339Utc, '2026-08-25T12:00:00.123Z', undefined],
  ['RFC 3339: an offset', rfc3339Utc, '2026-08-25T14:00:00+02:00', 'RFC 3339 UTC'],
  ['RFC 3339: a date only', rfc3339Utc, '2026-08-25', 'RFC 3339 UTC'],
  ['RFC 3339: Unix seconds', rfc3339Utc, SECONDS, 'RFC 3339 UTC'],
  ['RFC 3339: month 13', rfc3339Utc, '2026-13-25T12:00:00Z', 'RFC 3339 UTC'],
  ['lifetime: a week', lifetimeSeconds, 604800, undefined],
  ['lifetime: a year', lifetimeSeconds, 365 * 86_400, undefined],
  ['lifetime: a week in ms', lifetimeSeconds, 604_800_000, 'milliseconds'],
  ['lifetime: a string', lifetimeSeconds, '604800', 'integer'],
  ['lifetime: zero', lifetimeSeconds, 0, 'positive'],
];

describe('unit rules', () => {
  it.each(cases)('%s', (_, rule, value, problem) => {
    const found = rule(value);
    if (problem === undefined) expect(found).toBeUndefined();
    else expect(found).toContain(problem);
  });
});
