import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock.js';
import type { EventIdentity } from './render.js';

/**
 * A new event's identity at each call: a fresh `eventId` and the time it happened. Events come
 * many to a millisecond under load, so each millisecond is formatted once.
 */
export function createEventIdentities(clock: Clock): () => EventIdentity {
  let lastMs = -1;
  let lastIso = '';
  return () => {
    const ms = Math.floor(clock.nowMicroseconds() / 1000);
    if (ms !== lastMs) {
      lastMs = ms;
      lastIso = new Date(ms).toISOString();
    }
    return { eventId: `evt_${randomUUID()}`, occurredAt: lastIso };
  };
}
