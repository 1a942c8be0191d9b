/**
 * The units and formats the specification fixes for a field, each a rule that names what is wrong with a
 * value (undefined when nothing is). A Unix time is judged by its magnitude: between 2001-09-09 and
 * the year 5138 a count of seconds has 10 or 11 digits, of milliseconds 13 or 14, of microseconds
 * 16 or 17, so a value in the wrong unit falls outside the range of the right one whatever the
 * clocks of the suite and the implementation say (TYPE-03).
 */
export type UnitRule = (value: unknown) => string | undefined;

/** Judges an integer Unix time by its magnitude; `unit` names the unit in the problem. */
function unixTime(unit: string, low: number, high: number): UnitRule {
  return (value) => {
    if (typeof value !== 'number' || !Number.isSafeInteger(value))
      return `${JSON.stringify(value)} is not an integer count of Unix ${unit}`;
    if (value < low || value >= high)
      return `${value} is not a count of Unix ${unit} (${guessUnit(value)})`;
    return undefined;
  };
}

/** The unit a Unix time of this magnitude is most likely in, to say what was seen. */
function guessUnit(value: number): string {
  const digits = String(Math.trunc(Math.abs(value))).length;
  if (digits >= 10 && digits <= 11) return 'its magnitude is that of seconds';
  if (digits >= 13 && digits <= 14) return 'its magnitude is that of milliseconds';
  if (digits >= 16 && digits <= 17) return 'its magnitude is that of microseconds';
  if (digits >= 19) return 'its magnitude is that of nanoseconds';
  return `${digits} digits fit no Unix time unit`;
}

/** TYPE-03, EPH-01: message timestamps are integer Unix microseconds. */
export const unixMicroseconds: UnitRule = unixTime('microseconds', 1e15, 1e17);

/** DLV-02: `webhook-timestamp` is Unix seconds. */
export const unixSeconds: UnitRule = unixTime('seconds', 1e9, 1e11);

/** The same rule for a header, whose value is text: digits only, then as a number. */
export function headerOf(rule: UnitRule): UnitRule {
  return (value) => {
    if (typeof value !== 'string' || !/^\d+$/.test(value))
      return `${JSON.stringify(value)} is not a decimal integer`;
    return rule(Number(value));
  };
}

const RFC3339_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** HEALTH-01, TYPE-03: health times are RFC 3339 strings in UTC (`Z`). */
export const rfc3339Utc: UnitRule = (value) => {
  if (typeof value !== 'string' || !RFC3339_UTC.test(value) || Number.isNaN(Date.parse(value)))
    return `${JSON.stringify(value)} is not an RFC 3339 UTC time such as 2026-01-31T12:00:00Z`;
  return undefined;
};

/**
 * AUTH-07: a token lifetime (`expires_in`) is an integer count of seconds. The spec's lifetimes
 * run from 7 days (604800 s) to 365 days, so a lifetime above 400 days is taken for milliseconds.
 */
export const lifetimeSeconds: UnitRule = (value) => {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0)
    return `${JSON.stringify(value)} is not a positive integer count of seconds`;
  if (value > 400 * 86_400)
    return `${value} s is over 400 days: a lifetime in milliseconds rather than seconds?`;
  return undefined;
};
