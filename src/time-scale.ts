/**
 * How much faster than real time a server runs its delivery clocks, each on its own: the retry
 * waits (1 s, 1 min, 5 min), the reaction debounce (10 s) and the fail streak that pauses a
 * subscription (24 h). They span four orders of magnitude, so one factor cannot make the day short
 * and the debounce still observable; a single number applies to all three.
 */
export interface TimeScales {
  retries: number;
  debounce: number;
  failStreak: number;
}

export type TimeScale = number | Partial<TimeScales>;

export const CLOCKS = ['retries', 'debounce', 'failStreak'] as const;
export type Clock = (typeof CLOCKS)[number];

/**
 * What a check that could not judge asks of one clock's time scale, as data: the run joins every
 * check's asks into one time scale that satisfies them all (report/scale-remedy.ts), where each
 * check's own text can only speak for itself.
 */
export interface ScaleAsk {
  clock: Clock;
  /** The factor the profile gave the clock when the check ran. */
  now: number;
  /** The fastest factor that leaves the check room (below 1: none does, even real time). */
  atMost?: number;
  /** The slowest factor whose waits fit the check's budget without `--full-schedule`. */
  atLeast?: number;
  /** The service time the check waits on this clock, ms: in real time, this over the factor. */
  waitMs?: number;
}

/** Milliseconds of real time for `seconds` of service time at a factor (1 = real time). */
export function scaledMs(seconds: number, factor: number): number {
  return (seconds * 1000) / factor;
}

/** Every clock's factor; 1 (real time) where none is given. */
export function timeScales(scale: TimeScale = 1): TimeScales {
  if (typeof scale === 'number') return { retries: scale, debounce: scale, failStreak: scale };
  return {
    retries: scale.retries ?? 1,
    debounce: scale.debounce ?? 1,
    failStreak: scale.failStreak ?? 1,
  };
}

/**
 * Reads `--time-scale`: one number for every clock (`600`), or clocks by name
 * (`retries=3600,debounce=50,failStreak=43200`, the others real time). Each factor is at least 1.
 */
export function parseTimeScale(text: string): TimeScale | { problem: string } {
  const factor = (value: string) =>
    /^\d+(\.\d+)?$/.test(value) && Number(value) >= 1 ? Number(value) : undefined;
  if (!text.includes('='))
    return factor(text) ?? { problem: `"${text}" is not a number of at least 1` };
  const scales: Partial<TimeScales> = {};
  for (const part of text.split(',')) {
    const [name = '', value = ''] = part.split('=');
    if (!(CLOCKS as readonly string[]).includes(name))
      return { problem: `"${name}" is not a clock; use ${CLOCKS.join(', ')}` };
    const parsed = factor(value);
    if (parsed === undefined)
      return { problem: `${name}: "${value}" is not a number of at least 1` };
    scales[name as Clock] = parsed;
  }
  return scales;
}
