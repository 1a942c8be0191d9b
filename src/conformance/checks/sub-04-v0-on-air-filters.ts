import { setTimeout as sleep } from 'node:timers/promises';
import { V0_PAYLOADS } from '../../samples/sample-payloads.js';
import type { Check } from '../check.js';
import type { CheckContext } from '../context.js';
import { type SubscribedHook, carries, nonce, withHooks } from '../deliveries.js';

type Payload = Record<string, any>;

/** A v0 On-Air payload of `event` (`{type, event}`, the RSVP adds `guest`), with these fields. */
export function onAir(event: string, eventId: string, marker: string, status?: string): Payload {
  const sample = structuredClone(V0_PAYLOADS[event]!) as Payload;
  sample.event = { ...sample.event, id: eventId, title: marker };
  if (sample.guest) sample.guest = { ...sample.guest, eventId, status, name: marker };
  return sample;
}

/**
 * SUB-04: a v0 On-Air subscription's `eventId` gets "only this event" and `status` "only this RSVP
 * status". Each hook is sent events its filter refuses first, then the one it takes; once that one
 * arrived, the refused ones had the same chance to arrive, and none may have.
 */
export const sub04V0OnAirFilters: Check = {
  requirements: ['SUB-04'],
  basis: 'stated',
  title: 'v0 On-Air filters deliver only their event, and only their RSVP status',
  exclusive: ['v0 onair.event.created', 'v0 onair.guest.rsvp'],
  async run(context) {
    const [wanted, other] = [nonce(), nonce()];
    const hooks = [
      { generation: 'v0' as const, event: 'onair.event.created', filter: { eventId: wanted } },
      {
        generation: 'v0' as const,
        event: 'onair.guest.rsvp',
        filter: { eventId: wanted, status: 'going' },
      },
    ];
    return withHooks(context, hooks, async ([created, rsvp]) => {
      await judgeFilter(
        context,
        created!,
        (data) => created!.emit({ data }),
        'onair.event.created with filter eventId',
        [
          ['another event', (m) => onAir('onair.event.created', other, m)],
          ['its event', (m) => onAir('onair.event.created', wanted, m)],
        ],
      );
      await judgeFilter(
        context,
        rsvp!,
        (data) => rsvp!.emit({ data }),
        'onair.guest.rsvp with filter eventId and status going',
        [
          ['its event, status maybe', (m) => onAir('onair.guest.rsvp', wanted, m, 'maybe')],
          ['another event, status going', (m) => onAir('onair.guest.rsvp', other, m, 'going')],
          ['its event, status going', (m) => onAir('onair.guest.rsvp', wanted, m, 'going')],
        ],
      );
    });
  },
};

/**
 * Emits each payload to `hook`'s event (the last the one the filter takes) and reports what
 * arrived wrongly.
 */
export async function judgeFilter(
  context: CheckContext,
  hook: SubscribedHook,
  emit: (data: Payload) => Promise<void>,
  name: string,
  sent: Array<[string, (marker: string) => Payload]>,
): Promise<void> {
  const markers = sent.map(() => nonce());
  for (const [i, [, payload]] of sent.entries()) await emit(payload(markers[i]!));
  const taken = markers.at(-1)!;
  const arrived = (marker: string) => hook.received.some((r) => carries(r, marker));
  const patience = 5000;
  const started = performance.now();
  while (!arrived(taken) && performance.now() - started < patience) await sleep(50);
  // The refused ones were emitted first: a little longer gives any that were sent the same chance.
  await sleep(200);
  if (!arrived(taken))
    context.report({
      message: `${name}: ${sent.at(-1)![0]} was not delivered within ${patience / 1000} s`,
    });
  const wrong = sent.slice(0, -1).filter((_, i) => arrived(markers[i]!));
  if (wrong.length)
    context.report({
      message: `${name}: delivered ${wrong.map(([what]) => what).join(' and ')}, which the filter refuses`,
      expected: 'not delivered',
      actual: wrong.map(([what]) => what),
    });
}
