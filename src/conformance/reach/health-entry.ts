import { setTimeout as sleep } from 'node:timers/promises';
import type { CheckContext } from '../run/context.js';
import { watchPatience } from '../timing/patience.js';

/** One subscription's entry of the v1 list, as the health checks read it (HEALTH-01 to 03). */
export type HealthEntry = Record<string, unknown>;

/** How long an outcome may take to show in the list after its attempt was answered. */
const HEALTH_PATIENCE_MS = 5000;

/** The v1 list's entry of subscription `id`; empty when it is not listed. */
export async function listEntry(
  context: CheckContext,
  token: string,
  id: string,
): Promise<HealthEntry> {
  const listed = await context.call({ path: '/v1/webhook.list', token });
  const entries: HealthEntry[] = Array.isArray(listed.body?.webhooks) ? listed.body.webhooks : [];
  return entries.find((w) => w?.id === id) ?? {};
}

/**
 * The entry once `shows` holds of it, read again until it does or the patience ends (counted in
 * time the suite's own loop did not stall, timing/patience.ts): an outcome may be recorded a little
 * after its attempt was answered. Throws WaitCutShort when the loop's stalls left it no patience.
 */
export async function entryWhen(
  health: () => Promise<HealthEntry>,
  shows: (entry: HealthEntry) => boolean,
  patienceMs = HEALTH_PATIENCE_MS,
): Promise<HealthEntry> {
  const patience = watchPatience(patienceMs);
  try {
    let entry = await health();
    while (!shows(entry) && patience.left()) {
      await sleep(50);
      entry = await health();
    }
    patience.end(shows(entry));
    return entry;
  } finally {
    patience.stop();
  }
}
