import { describe, expect, it } from 'vitest';
import { judgeGap, watchLoopLag } from '../../../src/conformance/timing/timing.ts';
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

describe('judging a gap the suite saw', () => {
  // [name, seen, the suite's stall, how long the implementation took to react, verdict, the
  // stalls inside the gap]
  const gaps: Array<[string, number, number, number, string, number?]> = [
    ['inside the bounds', 3000, 0, 0, 'within'],
    ['inside the bounds despite a stall', 3000, 400, 0, 'within'],
    ['early by more than the stall', 2000, 100, 0, 'outside'],
    ['early by less than the stall', 2600, 300, 0, 'unsure'],
    ['late by more than the stall', 5000, 100, 0, 'outside'],
    ['late by less than the stall', 4600, 200, 0, 'unsure'],
    // A busy machine makes the implementation late, never early.
    ['late by less than the stall and the reaction', 4700, 100, 150, 'unsure'],
    ['late by more than the stall and the reaction', 4800, 100, 150, 'outside'],
    ['early, whatever the reaction', 2000, 100, 5000, 'outside'],
    // A wait far too short, stretched into the bounds by stalls inside it, is not passed.
    ['inside the bounds, by less than the stalls inside it', 2800, 400, 0, 'unsure', 400],
    ['inside the bounds, by more than the stalls inside it', 3500, 400, 0, 'within', 400],
  ];
  it.each(gaps)('%s', (_, seen, lag, reaction, verdict, inside) => {
    expect(judgeGap(seen, 2700, 4500, lag, reaction, inside)).toBe(verdict);
  });
});

describe("the stalls of the suite's loop", () => {
  it('counts a stall inside a span, and none outside it', async () => {
    const lag = watchLoopLag();
    await new Promise((resolve) => setTimeout(resolve, 30));
    const from = performance.now();
    const until = from + 80;
    while (performance.now() < until); // a stall of the loop
    const to = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 30));
    lag.stop();
    expect(lag.within(from - 5, to + 15)).toBeGreaterThan(50);
    // A busy machine may stall the loop there too, but never for the 80 ms stall before it.
    expect(lag.within(to + 20, to + 25)).toBeLessThan(50);
  });
});
