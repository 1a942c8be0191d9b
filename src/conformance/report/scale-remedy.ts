import { CLOCKS, type Clock, type ScaleAsk } from '../../time-scale.js';
import { WAIT_BUDGET_MS } from '../reach/deliveries.js';
import type { CheckResult } from '../run/check-result.js';

/** One clock's part of the run's remedy: the factor chosen, and which checks asked what. */
export interface ClockRemedy {
  clock: Clock;
  /** The profile's factor for it in this run. */
  now: number;
  /** The tightest bounds any check asked for, at any version. */
  atMost?: number;
  atLeast?: number;
  /** The factor that satisfies them all; undefined when no factor leaves room (atMost below 1). */
  scale?: number;
  /** The checks that asked, each once. */
  askedBy: string[];
}

/** One check's waits at the chosen factors: what the remedy costs. */
export interface WaitCost {
  check: string;
  clock: Clock;
  /** Service time waited, and the real time it takes at the chosen factor, seconds. */
  serviceS: number;
  realS: number;
}

export interface RunRemedy {
  clocks: ClockRemedy[];
  costs: WaitCost[];
  /** Whether a check's waits still exceed the budget without `--full-schedule`. */
  fullSchedule: boolean;
}

/**
 * The one time scale that satisfies every check that asked for one (Skip.remedy), since each
 * check's own suggestion speaks only for itself and copying one can undo another (DLV-07 wants the
 * retries slow, DLV-11 the debounce slow, each leaving the other clock as it was): per clock, the
 * lowest "at most" and the highest "at least" any check asked at any version. Where they conflict
 * the "at most" wins: a check that cannot judge at all is worse than one that waits longer, and
 * `--full-schedule` lets it wait.
 */
export function runRemedy(results: readonly CheckResult[]): RunRemedy | undefined {
  const asks = results.flatMap((r) => (r.remedy ?? []).map((ask) => [r.check, ask] as const));
  if (asks.length === 0) return undefined;
  const clocks = CLOCKS.flatMap((clock) => {
    const mine = asks.filter(([, ask]) => ask.clock === clock);
    return mine.length ? [clockRemedy(clock, mine)] : [];
  });
  const costs = asks.flatMap(([check, ask]) => {
    const scale = clocks.find((c) => c.clock === ask.clock)?.scale;
    if (ask.waitMs === undefined || scale === undefined) return [];
    return [
      { check, clock: ask.clock, serviceS: ask.waitMs / 1000, realS: ask.waitMs / 1000 / scale },
    ];
  });
  const unique = [...new Map(costs.map((c) => [`${c.check} ${c.clock}`, c])).values()];
  return {
    clocks,
    costs: unique,
    fullSchedule: unique.some((c) => c.realS * 1000 > WAIT_BUDGET_MS),
  };
}

function clockRemedy(clock: Clock, asks: ReadonlyArray<readonly [string, ScaleAsk]>): ClockRemedy {
  const bound = (pick: (a: ScaleAsk) => number | undefined) =>
    asks.flatMap(([, ask]) => (pick(ask) === undefined ? [] : [pick(ask)!]));
  const most = bound((a) => a.atMost);
  const least = bound((a) => a.atLeast);
  const atMost = most.length ? Math.min(...most) : undefined;
  const atLeast = least.length ? Math.max(...least) : undefined;
  // A factor is at least 1 (real time); below it no factor leaves room.
  const scale = atMost === undefined ? atLeast : atMost >= 1 ? atMost : undefined;
  return {
    clock,
    now: asks[0]![1].now,
    ...(atMost === undefined ? {} : { atMost }),
    ...(atLeast === undefined ? {} : { atLeast }),
    ...(scale === undefined ? {} : { scale }),
    askedBy: [...new Set(asks.map(([check]) => check))],
  };
}

/**
 * The run's remedy in the implementer's terms, once, at the end of the summary: the factor per
 * clock to run their implementation at and write in the profile, what it costs in waiting, and the
 * assumption behind that figure. Empty when no check asked.
 */
export function remedyLines(results: readonly CheckResult[]): string[] {
  const remedy = runRemedy(results);
  if (!remedy) return [];
  const lines = [
    '',
    'One time scale for the whole run (every check that asked for one, at every version):',
  ];
  for (const c of remedy.clocks) lines.push(`  ${clockLine(c)}`);
  const chosen = remedy.clocks.filter((c) => c.scale !== undefined);
  if (chosen.length === 0) return lines;
  const fields = chosen.map((c) => `"${c.clock}": ${c.scale}`).join(', ');
  lines.push(
    `  Run your implementation's clocks at these factors and write them in the profile: "timeScale": { ${fields} }, keeping the other clocks' factors as they are (a clock the profile does not name runs in real time).`,
  );
  const cost = costLine(remedy);
  if (cost) lines.push(`  ${cost}`);
  return lines;
}

function clockLine({ clock, now, atMost, atLeast, scale, askedBy }: ClockRemedy): string {
  const asked = [
    atMost === undefined ? '' : `at most ${atMost}`,
    atLeast === undefined ? '' : `at least ${atLeast}`,
  ]
    .filter(Boolean)
    .join(' and ');
  const by = `asked ${asked} by ${askedBy.join(', ')}`;
  if (scale === undefined)
    return `${clock}: none leaves room, even real time (${by}): run the suite nearer the implementation`;
  const conflict = atLeast !== undefined && atMost !== undefined && atLeast > atMost;
  return `${clock}: ${scale}x, now ${now}x (${by}${conflict ? '; the waits at it need --full-schedule' : ''})`;
}

/**
 * What the waits cost at the chosen factors: each asking check's own waits (the service time it
 * declares) over the factor; the longest is the run's, since checks that wait run side by side.
 */
function costLine({ costs, fullSchedule }: RunRemedy): string {
  if (costs.length === 0) return '';
  const longest = Math.max(...costs.map((c) => c.realS));
  const seconds = (s: number) => (s < 10 ? s.toFixed(1) : String(Math.round(s)));
  const each = costs
    .map((c) => `${c.check}: ${Math.round(c.serviceS)} s of ${c.clock} time, ${seconds(c.realS)} s`)
    .join('; ');
  const budget = fullSchedule
    ? `; that is over the ${WAIT_BUDGET_MS / 1000} s a check waits unasked, so run with --full-schedule`
    : '';
  return `The waits then take about ${seconds(longest)} s (${each}), assuming a check's time is mostly its waits and the checks that wait run side by side${budget}.`;
}
