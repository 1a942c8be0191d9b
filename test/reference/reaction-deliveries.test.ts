import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { OK, deliveryApi, waitFor } from '../support/delivery-harness.ts';
import { useReferenceServer } from '../support/reference-server.ts';

// DLV-11 and SUB-10 over real HTTP. At a time scale of 10 the 10-second debounce lasts 1 s.
const WINDOW_MS = 1000;
const reference = useReferenceServer({ timeScale: 10, triggerEvents: true });
const api = deliveryApi(() => reference.server.url);

const example = JSON.parse(
  readFileSync('schemas/webhooks/v0/chat.message.reaction.valid.example.json', 'utf8'),
).data;
const thumbs = example.reactions[0];
const heart = example.reactions[1];
const reaction = (messageId: string, reactions: unknown[]) => ({
  ...example,
  messageId,
  reactions,
});

describe('reaction deliveries (v0 chat:message:reaction)', () => {
  it('DLV-11: changes of one message within the window are one delivery of the latest set', async () => {
    const hook = await api.receiver('chat:message:reaction', () => OK, { generation: 'v0' });
    try {
      const start = performance.now();
      const answers = [
        await api.trigger('chat:message:reaction', reaction('m_1', [thumbs]), 'v0'),
        await api.trigger('chat:message:reaction', reaction('m_1', [thumbs, heart]), 'v0'),
        await api.trigger('chat:message:reaction', reaction('m_2', [heart]), 'v0'),
        await api.trigger('chat:message:reaction', reaction('m_1', [heart]), 'v0'),
      ];
      expect(answers.map((a) => [a.status, a.body.debounced])).toEqual(Array(4).fill([202, true]));
      expect(await waitFor(() => hook.requests.length === 2, 3000)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const bodies = hook.requests.map((r) => JSON.parse(r.body));
      expect(
        bodies.map((b) => [b.messageId, b.reactions.map((r: { code: string }) => r.code)]).sort(),
      ).toEqual([
        ['m_1', [':heart:']],
        ['m_2', [':heart:']],
      ]);
      // About 10 s (scaled) after the first change, not at once.
      expect(hook.requests[0]!.receivedAt - start).toBeGreaterThan(WINDOW_MS * 0.9);
    } finally {
      await hook.close();
    }
  });

  it('SUB-10: codes match with or without colons; the payload still lists every reaction', async () => {
    const bare = await api.receiver('chat:message:reaction', () => OK, {
      generation: 'v0',
      filter: { codes: ['thumbs_up'] },
    });
    const other = await api.receiver('chat:message:reaction', () => OK, {
      generation: 'v0',
      filter: { codes: [':tada:'] },
    });
    try {
      await api.trigger('chat:message:reaction', reaction('m_3', [thumbs, heart]), 'v0');
      expect(await waitFor(() => bare.requests.length === 1, 3000)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(JSON.parse(bare.requests[0]!.body).reactions).toHaveLength(2);
      expect(other.requests).toHaveLength(0);
    } finally {
      await bare.close();
      await other.close();
    }
  });
});
