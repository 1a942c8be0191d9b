import { once } from 'node:events';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_RECEIVED_BYTES,
  MAX_RECEIVED_PER_HOOK,
  type Receiver,
  startReceiver,
} from '../../../src/conformance/callback/receiver.ts';

// The receiver as a tunnel or load balancer in front of it reaches it: with or without the
// callback URL's path prefix; and bounded, since it may listen beyond loopback.
let receiver: Receiver;
let direct = '';
beforeAll(async () => {
  receiver = await startReceiver({ url: 'https://tunnel.example/suite/' });
  direct = `http://127.0.0.1:${receiver.port}`;
});
afterAll(() => receiver.close());

describe('the delivery receiver behind a callback URL', () => {
  it('names hooks below the callback URL', () => {
    const hook = receiver.hook(() => ({ status: 204 }));
    expect(hook.url).toMatch(/^https:\/\/tunnel\.example\/suite\/hook\/[0-9a-f]{8}-\d+$/);
    receiver.remove(hook);
  });

  it.each([
    ['the prefix kept', (path: string) => `/suite${path}`, 204],
    ['the prefix stripped', (path: string) => path, 204],
    ['another hook number', (path: string) => `/suite${path}999`, 410],
    ["another receiver's hook", (path: string) => path.replace(/[0-9a-f]{8}/, '00000000'), 410],
    ['a path that only starts like a hook', (path: string) => `${path}/x`, 410],
  ])('a request with %s is answered %s', async (_, pathOf, status) => {
    const hook = receiver.hook(() => ({ status: 204 }));
    try {
      const path = new URL(hook.url).pathname.replace('/suite', '');
      const answer = await fetch(`${direct}${pathOf(path)}`, { method: 'POST', body: '{}' });
      expect(answer.status).toBe(status);
      expect(hook.received.length).toBe(status === 204 ? 1 : 0);
    } finally {
      receiver.remove(hook);
    }
  });

  it('records at most its bound of attempts per hook, answering 410 past it', async () => {
    const hook = receiver.hook(() => ({ status: 204 }));
    try {
      const earlier = { method: 'POST', headers: {}, body: '{}', receivedAt: 0 };
      hook.received.push(...Array.from({ length: MAX_RECEIVED_PER_HOOK }, () => earlier));
      const path = new URL(hook.url).pathname;
      const answer = await fetch(`${direct}${path}`, { method: 'POST', body: '{}' });
      expect(answer.status).toBe(410);
      expect(hook.received.length).toBe(MAX_RECEIVED_PER_HOOK);
    } finally {
      receiver.remove(hook);
    }
  });

  it('refuses a body over its bound, recording nothing', async () => {
    const hook = receiver.hook(() => ({ status: 204 }));
    try {
      const body = 'x'.repeat(MAX_RECEIVED_BYTES + 1);
      const path = new URL(hook.url).pathname;
      const answer = await fetch(`${direct}${path}`, { method: 'POST', body }).catch(() => null);
      expect(answer?.status ?? 413).toBe(413);
      expect(hook.received).toEqual([]);
    } finally {
      receiver.remove(hook);
    }
  });
});

describe('the delivery receiver keeps idle connections', () => {
  // Longer than implementations keep them (undici 4 s, Go 90 s), which read the hint: the
  // implementation closes an idle connection first, so no attempt is sent on one the receiver is
  // closing (a transport failure the suite would have caused). Node's default was 5 s.
  it('for ten minutes, and says so', async () => {
    const hook = receiver.hook(() => ({ status: 204 }));
    try {
      const path = new URL(hook.url).pathname.replace('/suite', '');
      const answer = await fetch(`${direct}${path}`, { method: 'POST', body: '{}' });
      expect(answer.headers.get('keep-alive')).toBe('timeout=600');
    } finally {
      receiver.remove(hook);
    }
  });
});

describe('the delivery receiver counts the connections it lost', () => {
  // A connection reset before its request was read is an attempt the suite may have missed.
  it.each([
    ['a request reset half sent', 'POST /hook/x HTTP/1.1\r\nhost: x\r\ncontent-le', 1],
    ['a connection reset before any byte', '', 0],
  ])('%s: %s lost', async (_, sent, want) => {
    const from = performance.now();
    const socket = connect(receiver.port, '127.0.0.1');
    await once(socket, 'connect');
    if (sent) socket.write(sent);
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.resetAndDestroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(receiver.lostSince(from)).toBe(want);
  });
});
