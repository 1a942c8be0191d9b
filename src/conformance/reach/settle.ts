// Waiting behind a marker event: how long what came before it had to arrive (EPH-05, DLV-08).
import { setTimeout as sleep } from 'node:timers/promises';
import { watchLoopLag } from '../timing/timing.js';
import { type Emission, type SubscribedHook, carries, nonce } from './deliveries.js';
import { until } from '../timing/until.js';

/** How long an attempt has to be answered before it counts as failed (DLV-08, not scaled). */
export const ANSWER_WINDOW_MS = 3000;

/** What `settleBehind` saw of its marker. */
export interface Settled {
  /** Whether the marker arrived within the patience. */
  came: boolean;
  /** From emitting the marker to its arrival (or to the end of the patience), ms. */
  tookMs: number;
  /** How long the suite's own event loop stalled meanwhile (timing.ts), ms. */
  stalledMs: number;
}

/** The least a check waits behind its marker: the poll's and timers' own granularity. */
const SETTLE_FLOOR_MS = 50;

/**
 * Gives every event the implementation emitted to `hook`'s subscription before now its chance to
 * arrive, however busy the machine: emits `emission` (an event the hook hears, carrying `marker`)
 * after them, waits for it (`patienceMs` at most), then as long again as it took, since deliveries
 * may arrive out of order (DLV-10) and the marker shows how long one takes under the present load.
 * A fixed wait holds only on an idle machine.
 */
export async function settleBehind(
  hook: SubscribedHook,
  emission: Emission,
  marker: string,
  patienceMs = 5000,
): Promise<Settled> {
  const lag = watchLoopLag();
  try {
    const emitted = performance.now();
    await hook.emit(emission);
    const came = await until(() => hook.received.some((r) => carries(r, marker)), patienceMs);
    const tookMs = performance.now() - emitted;
    if (came) await sleep(Math.max(SETTLE_FLOOR_MS, Math.min(tookMs, patienceMs)));
    return { came, tookMs, stalledMs: lag.stop() };
  } finally {
    lag.stop();
  }
}

/** How often `awaitHearing` emits another marker while none has arrived. */
const HEARING_EVERY_MS = 500;

/**
 * Waits until `hook`'s subscription hears events: emits a marker event (`emissionOf(marker)`) and
 * waits for it, emitting another every half second while none has arrived (`patienceMs` in all).
 * Nothing says an implementation routes events to a subscription the moment it answers the
 * subscribe, so a check that must show an action emits nothing first shows its subscription hears.
 */
export async function awaitHearing(
  hook: SubscribedHook,
  emissionOf: (marker: string) => Emission,
  patienceMs = 5000,
): Promise<Settled> {
  const lag = watchLoopLag();
  try {
    const started = performance.now();
    const markers: string[] = [];
    const heard = () => hook.received.some((r) => markers.some((m) => carries(r, m)));
    let came = false;
    while (!came && performance.now() - started < patienceMs) {
      const marker = nonce();
      markers.push(marker);
      await hook.emit(emissionOf(marker));
      const left = patienceMs - (performance.now() - started);
      came = await until(heard, Math.max(0, Math.min(HEARING_EVERY_MS, left)));
    }
    return { came, tookMs: performance.now() - started, stalledMs: lag.stop() };
  } finally {
    lag.stop();
  }
}
