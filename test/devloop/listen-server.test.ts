import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startListener } from '../../src/devloop/listen-server.ts';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

/**
 * Opens a connection, asking for `/` at once if `ask`; `closed` resolves true when the server closes it
 * unanswered, false when the server answers it.
 */
function open(port: number, ask: boolean) {
  const socket = connect(port, '127.0.0.1');
  // A connection the server closes may end in a reset: that is the closing the test looks for.
  socket.on('error', () => undefined);
  if (ask) socket.write('GET / HTTP/1.1\r\nhost: listen\r\n\r\n');
  const closed = new Promise<boolean>((resolve) => {
    socket.once('close', () => resolve(true));
    socket.once('data', () => resolve(false));
  });
  const connected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return { socket, closed, connected };
}

describe('startListener', () => {
  it('closes connections past maxConnections and serves again once one is gone', async () => {
    const listener = await startListener({
      secret: SECRET,
      json: true,
      port: 0,
      host: '127.0.0.1',
      maxConnections: 2,
      print: () => undefined,
    });
    const port = Number(new URL(listener.url).port);
    try {
      const held = [open(port, false), open(port, false)];
      await Promise.all(held.map((each) => each.connected));
      const extra = open(port, true);
      expect(await extra.closed).toBe(true);
      held[0]!.socket.destroy();
      await held[0]!.closed;
      const answer = await fetch(listener.url);
      expect(answer.status).toBe(405);
      held[1]!.socket.destroy();
    } finally {
      await listener.close();
    }
  });
});
