// timing/: waiting and measuring time: the suite's own lag, the implementation's stall, slow sends.
import { setTimeout as sleep } from 'node:timers/promises';
import { send } from '../transport/send.js';

/** How often the probe asks; one request is out at a time, so a stall holds the next one back. */
const PROBE_EVERY_MS = 20;
/** How long one probe may take: longer is a stall as long as that, at least. */
const PROBE_TIMEOUT_MS = 10_000;

/**
 * How long the implementation was held up, at worst, while the suite timed it: a probe asks it
 * something cheap over and over (`GET /v1/webhook.list` without a credential: a 401 it answers
 * before any work), one request at a time, and the longest answer's time past the shortest's is a
 * stall (the shortest is the round trip itself, the network's part). A busy machine, or the
 * implementation's own pauses, delay its timers as long as they delay that answer, so a retry
 * late by no more than that is late by the machine, not by the implementation's schedule.
 */
export function watchImplementationStall(baseUrl: string): { stop(): Promise<number> } {
  let [longest, shortest, stopped] = [0, Infinity, false];
  const loop = (async () => {
    while (!stopped) {
      const began = performance.now();
      // What it answers does not matter, nor whether it answers at all: only how long it took.
      await send({
        url: `${baseUrl}/v1/webhook.list`,
        method: 'GET',
        timeoutMs: PROBE_TIMEOUT_MS,
      }).catch(() => undefined);
      const took = performance.now() - began;
      [longest, shortest] = [Math.max(longest, took), Math.min(shortest, took)];
      await sleep(PROBE_EVERY_MS);
    }
  })();
  return {
    /** The longest probe past the shortest, in milliseconds, once the one out has come back. */
    async stop() {
      stopped = true;
      await loop;
      return shortest === Infinity ? 0 : longest - shortest;
    },
  };
}
