import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { deliveryApi, waitFor } from '../support/delivery-harness.ts';
import { useReferenceServer } from '../support/reference-server.ts';

// HEALTH-01..04 over real HTTP. At a time scale of 43,200 the 24-hour fail streak lasts 2 s.
const DAY_MS = 2000;
const reference = useReferenceServer({ timeScale: 43_200, triggerEvents: true });
const api = deliveryApi(() => reference.server.url);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('subscription health', () => {
  it('HEALTH-01, HEALTH-02: a failure opens a streak, a success records itself and ends it', async () => {
    let healthy = false;
    const hook = await api.receiver('meeting.ended', () => ({ status: healthy ? 204 : 400 }));
    try {
      expect(await hook.listed()).not.toHaveProperty('failStreakStartedAt');
      await api.trigger('meeting.ended', {});
      expect(await waitFor(async () => Boolean((await hook.listed())?.failStreakStartedAt))).toBe(
        true,
      );
      const streak = (await hook.listed())!.failStreakStartedAt as string;
      expect(Date.parse(streak)).toBeGreaterThan(Date.now() - 5000);
      // A second failure keeps the streak's start.
      await api.trigger('meeting.ended', {});
      await waitFor(() => hook.requests.length === 2);
      await sleep(50);
      expect((await hook.listed())!.failStreakStartedAt).toBe(streak);
      healthy = true;
      await api.trigger('meeting.ended', {});
      expect(await waitFor(async () => Boolean((await hook.listed())?.lastSuccessAt))).toBe(true);
      const listed = await hook.listed();
      expect(listed).not.toHaveProperty('failStreakStartedAt');
      expect(listed).not.toHaveProperty('disabledAt');
    } finally {
      await hook.close();
    }
  });

  it('HEALTH-03: a streak of 24 hours pauses the subscription; no deliveries while paused', async () => {
    const hook = await api.receiver('app.uninstalled', () => ({ status: 400 }));
    try {
      await api.trigger('app.uninstalled', {});
      await waitFor(async () => Boolean((await hook.listed())?.failStreakStartedAt));
      // Still within the day: a failure does not pause.
      await api.trigger('app.uninstalled', {});
      await waitFor(() => hook.requests.length === 2);
      await sleep(50);
      expect(await hook.listed()).not.toHaveProperty('disabledAt');
      await sleep(DAY_MS + 100);
      await api.trigger('app.uninstalled', {});
      expect(await waitFor(async () => Boolean((await hook.listed())?.disabledAt))).toBe(true);
      const paused = await api.trigger('app.uninstalled', {});
      expect(paused.body).toMatchObject({ ok: true, deliveries: 0 });
      await sleep(100);
      expect(hook.requests).toHaveLength(3);
    } finally {
      await hook.close();
    }
  });

  it('HEALTH-04: v0 subscriptions are never paused', async () => {
    const hook = await api.receiver('onair.event.canceled', () => ({ status: 400 }), {
      generation: 'v0',
    });
    const payload = JSON.parse(
      readFileSync('schemas/webhooks/v0/onair.event.canceled.valid.example.json', 'utf8'),
    ).data;
    try {
      expect((await api.trigger('onair.event.canceled', payload, 'v0')).status).toBe(202);
      await waitFor(() => hook.requests.length === 1);
      await sleep(DAY_MS + 100);
      await api.trigger('onair.event.canceled', payload, 'v0');
      await waitFor(() => hook.requests.length === 2);
      await sleep(50);
      const [row] = (await reference.server.store.listSubscriptions('app_acme', 'v0')).filter(
        (s) => s.id === hook.id,
      );
      expect(row).toMatchObject({ disabledAt: null, failStreakStartedAt: expect.any(String) });
      await api.trigger('onair.event.canceled', payload, 'v0');
      expect(await waitFor(() => hook.requests.length === 3)).toBe(true);
    } finally {
      await hook.close();
    }
  });
});
