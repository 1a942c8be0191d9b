import type { Clock, ScaleAsk, TimeScales } from '../../time-scale.js';
import type { Skip } from '../run/check.js';

/** How a timing check's requests went out, when they took too long for its window. */
export interface SlowSend {
  /** What was sent, in words (`the four changes`). */
  what: string;
  /** How long each request took, from sending it to its answer (its round trip), ms. */
  sendsMs: readonly number[];
  /** How long the suite's own event loop stalled while they were sent (timing.ts), ms. */
  stalledMs: number;
  /** The window the requests had to fit in, ms, at the profile's time scale. */
  windowMs: number;
  /** The name of the window (`debounce window`) and the clock that scales it (`debounce`). */
  window: string;
  clock: Clock;
  /** Every clock's factor in the profile (time-scale.ts). */
  scales: TimeScales;
  /** What the lateness means for the check (`they need not coalesce`). */
  consequence: string;
  /** The service time the check waits on the clock, ms (its cost at another factor). */
  serviceMs: number;
}

/**
 * The sends must take at most this share of the window for the check to judge, and a suggested
 * time scale leaves this much room again over the time they took.
 */
const SHARE = 0.5;
export const ROOM = 1.5;

/**
 * What would let a check judge across a network, in the implementer's terms: their
 * implementation's `clock` runs at `now` times real time (the profile's `timeScale.<clock>` says
 * so), and at most `fits` leaves room, `after` said of it; or, when even real time is too short,
 * `realTime` leaves no room. The reference server is not named: the implementation under test may
 * be any program, and the run's one remedy (report/scale-remedy.ts) joins every clock's asks.
 */
export function scaleRemedy(
  clock: Clock,
  fits: number,
  now: number,
  { after = '', realTime = 'even real time' } = {},
): string {
  return fits >= 1
    ? `your implementation's ${clock} runs at ${now}x (profile \`timeScale.${clock}\`); a scale of at most ${fits} leaves room${after}, or run the suite nearer the implementation`
    : `${realTime} leaves no room: run the suite nearer the implementation`;
}

/**
 * Why requests that took too long for a window leave the check unable to judge, naming the real
 * cause: the suite's own event loop (it stalled for most of the time; a rerun may do, and a less
 * busy machine will), or the round trip to the implementation (the network, or a slow trigger: a
 * rerun will not help; a slower time scale on that clock, or a suite nearer the implementation,
 * will).
 */
export function slowSendSkip(send: SlowSend): Skip {
  const sentMs = send.sendsMs.reduce((sum, ms) => sum + ms, 0);
  const scale = send.scales[send.clock];
  const took = `${send.what} took ${Math.round(sentMs)} ms to send`;
  const against = `the ${Math.round(send.windowMs)} ms ${send.window}`;
  if (send.stalledMs >= sentMs / 2)
    return {
      skip: 'not_testable',
      rerun: true,
      reason: `${took}, over half ${against}, while the suite's own event loop stalled for ${Math.round(send.stalledMs)} ms, so ${send.consequence}; run on a less busy machine`,
    };
  const roundTrip = sentMs / Math.max(1, send.sendsMs.length);
  const realMs = send.windowMs * scale;
  const fits = Math.floor(realMs / ((sentMs / SHARE) * ROOM));
  const remedy = scaleRemedy(send.clock, fits, scale, {
    realTime: `even real time (${Math.round(realMs)} ms)`,
  });
  const ask: ScaleAsk = { clock: send.clock, now: scale, atMost: fits, waitMs: send.serviceMs };
  return {
    skip: 'not_testable',
    remedy: [ask],
    reason: `${took} (round trip ~${Math.round(roundTrip)} ms each; the suite's own event loop stalled only ${Math.round(send.stalledMs)} ms) against ${against}, over half of it, so ${send.consequence}: the time went to the network or the implementation's trigger, not this machine; ${remedy}`,
  };
}
