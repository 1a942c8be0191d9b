import { describe, expect, it } from 'vitest';
import { deliveryApi } from '../support/delivery-harness.ts';
import { useReferenceServer } from '../support/reference-server.ts';
import { heart, reactionDebounce, thumbs } from '../support/scenarios/reaction-debounce.ts';

// DLV-11 and SUB-10 over real HTTP. At a time scale of 10 the 10-second debounce lasts 1 s.
const WINDOW_MS = 1000;
const reference = useReferenceServer({ timeScale: 10, triggerEvents: true });
const api = deliveryApi(() => reference.server.url);

describe('reaction deliveries (v0 chat:message:reaction)', () => {
  it('DLV-11: changes of one message within the window are one delivery of the latest set', async () => {
    const {
      hooks: [hook],
      answers,
      startedAt,
      arrived,
    } = await reactionDebounce(api, {
      filters: [undefined],
      changes: [
        ['m_1', [thumbs]],
        ['m_1', [thumbs, heart]],
        ['m_2', [heart]],
        ['m_1', [heart]],
      ],
      deliveries: 2,
      settleMs: 200,
    });
    expect(answers.map((a) => [a.status, a.body.debounced])).toEqual(Array(4).fill([202, true]));
    expect(arrived).toBe(true);
    expect(hook!.requests).toHaveLength(2);
    const bodies = hook!.requests.map((r) => JSON.parse(r.body));
    expect(
      bodies.map((b) => [b.messageId, b.reactions.map((r: { code: string }) => r.code)]).sort(),
    ).toEqual([
      ['m_1', [':heart:']],
      ['m_2', [':heart:']],
    ]);
    // About 10 s (scaled) after the first change, not at once.
    expect(hook!.requests[0]!.receivedAt - startedAt).toBeGreaterThan(WINDOW_MS * 0.9);
  });

  it('SUB-10: codes match with or without colons; the payload still lists every reaction', async () => {
    const {
      hooks: [bare, other],
      arrived,
    } = await reactionDebounce(api, {
      filters: [{ codes: ['thumbs_up'] }, { codes: [':tada:'] }],
      changes: [['m_3', [thumbs, heart]]],
      deliveries: 1,
      settleMs: 100,
    });
    expect(arrived).toBe(true);
    expect(bare!.requests).toHaveLength(1);
    expect(JSON.parse(bare!.requests[0]!.body).reactions).toHaveLength(2);
    expect(other!.requests).toHaveLength(0);
  });
});
