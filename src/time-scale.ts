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

const CLOCKS = ['retries', 'debounce', 'failStreak'] as const;
export type Clock = (typeof CLOCKS)[number];

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
