import { type AddressInfo, type Socket, connect, createServer } from 'node:net';

/**
 * A TCP forwarder on 127.0.0.1 (a random port) to `target`, standing for a tunnel or a load
 * balancer: it passes bytes as they are (TLS included) and counts the connections it carried.
 * `delayMs` holds every chunk that long in each direction: added one-way latency.
 */
export async function startForwarder(target: { host?: string; port: number }, delayMs = 0) {
  const sockets = new Set<Socket>();
  let connections = 0;
  const relay = (from: Socket, to: Socket) => {
    from.on('data', (chunk) =>
      delayMs ? setTimeout(() => to.destroyed || to.write(chunk), delayMs) : to.write(chunk),
    );
    from.on('end', () => (delayMs ? setTimeout(() => to.end(), delayMs) : to.end()));
    from.on('error', () => to.destroy());
    from.on('close', () => setTimeout(() => to.destroy(), delayMs));
  };
  const server = createServer((client) => {
    connections += 1;
    const upstream = connect(target.port, target.host ?? '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    }
    relay(client, upstream);
    relay(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    /** How many connections it has carried. */
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on at the moment (the test binds it right after). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
