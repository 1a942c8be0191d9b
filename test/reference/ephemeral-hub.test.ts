import { describe, expect, it } from 'vitest';
import {
  MAX_STREAMS,
  MAX_STREAMS_PER_USER,
  createEphemeralHub,
} from '../../src/reference/ephemeral-hub.ts';
import { PROTOTYPE_NAMES } from '../support/prototype-names.ts';

const message = { chatId: 'c', timestamp: 1, text: 'hi' };

describe('the ephemeral hub holds only connected users, and a bounded number of clients', () => {
  it('connecting and disconnecting 10,000 distinct users leaves it empty', () => {
    const hub = createEphemeralHub({ total: 20_000 });
    const connections = Array.from({ length: 10_000 }, (_, i) =>
      hub.connect(`user-${i}`, () => undefined),
    );
    expect([hub.users, hub.streams]).toEqual([10_000, 10_000]);
    for (const c of connections) if (c.ok) c.disconnect();
    expect([hub.users, hub.streams]).toEqual([0, 0]);
  });

  it('a user stays while one of their clients is connected', () => {
    const hub = createEphemeralHub();
    const [a, b] = [hub.connect('ada', () => undefined), hub.connect('ada', () => undefined)];
    if (a.ok) a.disconnect();
    expect([hub.users, hub.streams]).toEqual([1, 1]);
    if (b.ok) b.disconnect();
    expect([hub.users, hub.streams]).toEqual([0, 0]);
  });

  it('disconnecting twice counts once', () => {
    const hub = createEphemeralHub();
    const first = hub.connect('ada', () => undefined);
    const second = hub.connect('ada', () => undefined);
    if (first.ok) [first.disconnect(), first.disconnect()];
    expect(hub.streams).toBe(1);
    if (second.ok) second.disconnect();
    expect(hub.streams).toBe(0);
  });

  it.each([
    [
      `${MAX_STREAMS_PER_USER} clients of one user by default`,
      { given: {}, user: MAX_STREAMS_PER_USER, others: 0, refused: 'user' },
    ],
    [
      `${MAX_STREAMS} clients in total by default`,
      { given: { perUser: MAX_STREAMS }, user: 0, others: MAX_STREAMS, refused: 'total' },
    ],
    ['a configured per-user limit', { given: { perUser: 2 }, user: 2, others: 0, refused: 'user' }],
    ['a configured total', { given: { total: 3 }, user: 1, others: 2, refused: 'total' }],
  ] as const)('%s, then refuses', (_, { given, user, others, refused }) => {
    const hub = createEphemeralHub(given);
    for (let i = 0; i < user; i += 1) expect(hub.connect('ada', () => undefined).ok).toBe(true);
    for (let i = 0; i < others; i += 1)
      expect(hub.connect(`other-${i}`, () => undefined).ok).toBe(true);
    const target = refused === 'user' ? 'ada' : 'late';
    expect(hub.connect(target, () => undefined)).toEqual({ ok: false, limit: refused });
    expect(hub.streams).toBe(user + others);
  });

  it.each(PROTOTYPE_NAMES.map((name) => [name] as const))(
    'a user id %s is an ordinary key',
    (name) => {
      const hub = createEphemeralHub();
      expect(hub.deliver(name, message)).toBe(0);
      const received: unknown[] = [];
      const connection = hub.connect(name, (m) => received.push(m));
      expect([hub.deliver(name, message), received, hub.deliver('ada', message)]).toEqual([
        1,
        [message],
        0,
      ]);
      if (connection.ok) connection.disconnect();
      expect(hub.users).toBe(0);
    },
  );
});
