import { createServer, type Server, type Socket, connect } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP relay between an app and a dependency that can hold the next client chunk containing a marker
 * (a database command name, say), so a test knows for certain that a request is in flight.
 */
export async function startTcpGate(targetPort: number) {
  let armed: { marker: string; onHeld: () => void } | undefined;
  let refusing = false;
  const held: Array<() => void> = [];
  const sockets = new Set<Socket>();

  const server: Server = createServer((client) => {
    if (refusing) {
      client.destroy();
      return;
    }
    const upstream = connect(targetPort, '127.0.0.1');
    sockets.add(client).add(upstream);
    client.on('data', (chunk) => {
      if (armed && chunk.includes(armed.marker)) {
        const { onHeld } = armed;
        armed = undefined;
        held.push(() => upstream.write(chunk));
        onHeld();
        return;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk) => client.write(chunk));
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    port: (server.address() as AddressInfo).port,
    /** Resolves once a chunk containing `marker` arrived and is being held back. */
    holdNext: (marker: string) => new Promise<void>((resolve) => (armed = { marker, onHeld: resolve })),
    release: () => held.splice(0).forEach((send) => send()),
    /** An outage: every relayed connection is dropped and new ones are refused until `restore`. */
    cut: () => {
      refusing = true;
      sockets.forEach((s) => s.destroy());
      sockets.clear();
    },
    restore: () => {
      refusing = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        sockets.forEach((s) => s.destroy());
        server.close(() => resolve());
      }),
  };
}
