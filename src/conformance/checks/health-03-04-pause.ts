import { setTimeout as sleep } from 'node:timers/promises';
import type { Check } from '../check.js';
import { type SubscribedHook, nonce, tooLong, until, waitMs, withHooks } from '../deliveries.js';
import { needCredential } from '../needs.js';
import { SAMPLE_EVENTS } from '../sample-events.js';

const DAY = 86_400;

/**
 * HEALTH-03, HEALTH-04: a v1 subscription failing for 24 hours is paused (`disabledAt`, no more
 * deliveries); a v0 one is never paused. Waits out a day at the profile's time scale.
 */
export const health0304Pause: Check = {
  requirements: ['HEALTH-03', 'HEALTH-04'],
  title: 'A day of failures pauses a v1 subscription and never a v0 one',
  exclusive: ['v1 app.uninstalled'],
  background: true,
  async run(context) {
    const skip = tooLong(context, DAY, 'failStreak');
    if (skip) return skip;
    const reader = needCredential(context, { pin: context.version, scopes: ['webhook:read'] });
    if ('skip' in reader) return reader;
    // app.uninstalled: an event no other check emits; 400 fails at once. Others emit
    // transcript:started (DLV-12), so the v0 hook counts only the attempts of its own events.
    const hooks = [
      { event: 'app.uninstalled', respond: () => ({ status: 400 }) },
      { generation: 'v0' as const, event: 'transcript:started', respond: () => ({ status: 400 }) },
    ];
    return withHooks(context, hooks, async ([v1, v0]) => {
      const sent = { v1: [] as string[], v0: [] as string[] };
      // Events heard, not attempts: an attempt answered late on a busy machine is retried, and is
      // still one event; the others' transcript:started events are not this check's.
      const heard = (hook: SubscribedHook, ids: string[]) =>
        ids.filter((id) => hook.received.some((r) => r.body.includes(id))).length;
      const emit = async (round: number) => {
        const [marker, transcript] = [nonce(), SAMPLE_EVENTS.transcriptStarted()];
        sent.v1.push(marker);
        sent.v0.push(transcript.id);
        await v1!.emit({ data: { id: marker } });
        await v0!.emit({ data: transcript });
        await until(
          () => heard(v1!, sent.v1) >= Math.min(round, 2) && heard(v0!, sent.v0) >= round,
          5000,
        );
      };
      await emit(1);
      await sleep(waitMs(context, DAY, 'failStreak') * 1.05 + 50);
      await emit(2);
      const listed = await context.call({ path: '/v1/webhook.list', token: reader.token });
      const entry =
        (listed.body?.webhooks ?? []).find((w: { id?: string }) => w.id === v1!.id) ?? {};
      await emit(3);
      await sleep(200);
      if (!entry.disabledAt)
        context.report({
          message: 'after failing for a day the v1 subscription has no disabledAt',
          expected: 'disabledAt set',
          actual: entry,
        });
      if (heard(v1!, sent.v1) !== 2)
        context.report({
          message: 'the paused v1 subscription still got deliveries',
          expected: 2,
          actual: heard(v1!, sent.v1),
        });
      if (heard(v0!, sent.v0) !== 3)
        context.report({
          requirement: 'HEALTH-04',
          message: 'the v0 subscription stopped getting deliveries after a day of failures',
          expected: 3,
          actual: heard(v0!, sent.v0),
        });
    });
  },
};
