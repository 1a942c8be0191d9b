import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SAMPLE_EVENTS } from '../../src/conformance/reach/sample-events.ts';
import { APP } from '../../src/reference/fixtures.ts';
import { startReference } from '../../src/reference/server.ts';
import { OK, deliveryApi, waitFor } from '../support/delivery-harness.ts';
import { PROTOTYPE_NAMES, jsonWithKey } from '../support/prototype-names.ts';
import { startRecordingServer } from '../support/recording-server.ts';
import { useReferenceServer } from '../support/reference-server.ts';

// SUB-04 and SUB-09 over real HTTP: a filter key named like a member of Object.prototype is
// refused, and whatever a stored filter holds, events still reach every subscription.
const reference = useReferenceServer({ triggerEvents: true, timeScale: 600 });
const api = deliveryApi(() => reference.server.url);
const TOKEN = 'sk-2026-08-25';
const EVENTS = {
  v0: {
    event: 'transcript:started',
    data: () => SAMPLE_EVENTS.transcriptStarted(),
    code: (c: string) => ({ code: c }),
  },
  v1: {
    event: 'meeting.ended',
    data: () => SAMPLE_EVENTS.meetingEnded('m'),
    code: (c: string) => ({ error: c }),
  },
} as const;

const open: Array<{ close: () => Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((r) => r.close()));
});

describe.each(['v0', 'v1'] as const)('%s subscribe', (generation) => {
  const { event, data, code } = EVENTS[generation];
  const rows = PROTOTYPE_NAMES.flatMap(
    (name) =>
      [
        [`filter key ${name}: true`, { given: jsonWithKey(name, true) }],
        [`filter key ${name}: an object`, { given: jsonWithKey(name, { mention: true }) }],
      ] as const,
  );
  it.each(rows)(
    '%s is refused, and the next event still reaches a subscription',
    async (_, { given }) => {
      const good = await api.receiver(event, () => OK, { generation });
      open.push(good);
      const body = `{"event":${JSON.stringify(event)},"url":"https://hooks.example.com/filtered","filter":${given}}`;
      const answer = await fetch(`${reference.server.url}/${generation}/webhook.subscribe`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        body,
      });
      expect([answer.status, await answer.json()]).toEqual([400, code('invalid_parameter')]);
      expect((await api.trigger(event, data(), generation)).status).toBe(202);
      expect(await waitFor(() => good.requests.length === 1)).toBe(true);
    },
  );
});

describe('filters stored before keys were checked', () => {
  it('after a restart, events reach every subscription and the list answers', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'service-filters-'));
    const receiver = await startRecordingServer(() => OK);
    try {
      // As an older server would have stored them: every prototype name as a key, and values of any
      // type.
      const first = await startReference({ dataDir });
      const filters = [
        ...PROTOTYPE_NAMES.map((name) => JSON.parse(jsonWithKey(name, { mention: true }))),
        'a string',
        [1],
        { chatType: { toString: 1 } },
      ];
      for (const [i, filter] of filters.entries()) {
        await first.store.upsertSubscription({
          app: APP,
          generation: 'v1',
          event: 'meeting.ended',
          url: `${receiver.url}/old/${i}`,
          filter,
          dynamic: true,
        });
      }
      await first.close();
      const second = await startReference({
        dataDir,
        triggerEvents: true,
        allowLocalDestinations: true,
      });
      try {
        const again = deliveryApi(() => second.url);
        const listed = await again.call('/v1/webhook.list', { token: TOKEN });
        expect(listed.status).toBe(200);
        // Listed as applied: SUB-09's keys only, so only the last keeps a filter.
        expect(
          listed.body.webhooks.filter((w: { url: string }) =>
            w.url.startsWith(`${receiver.url}/old/`),
          ),
        ).toHaveLength(filters.length);
        const shown = filters.map(
          (_, i) =>
            listed.body.webhooks.find((w: { url: string }) => w.url === `${receiver.url}/old/${i}`)
              ?.filter,
        );
        expect(shown).toEqual([
          ...filters.slice(0, -1).map(() => undefined),
          { chatType: { toString: 1 } },
        ]);
        // Keys no check knows filter nothing; a chatType that is no string matches no payload.
        expect(
          (await again.trigger('meeting.ended', SAMPLE_EVENTS.meetingEnded('after-restart'))).body,
        ).toMatchObject({ ok: true, deliveries: filters.length - 1 });
        expect(await waitFor(() => receiver.requests.length === filters.length - 1)).toBe(true);
      } finally {
        await second.close();
      }
    } finally {
      await receiver.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
