import net from 'node:net';
import { freePort } from './local-node.js';

export type TcpProxy = { url: string; stop: () => Promise<void>; start: () => Promise<void> };

/**
 * A second endpoint of the same node, as a provider's second RPC host is of the same chain: a TCP
 * proxy that can be stopped (connections cut, new ones refused) and started again on its port.
 */
export async function startTcpProxy(target: string): Promise<TcpProxy> {
  const { hostname, port: targetPort } = new URL(target);
  const port = await freePort();
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;

  const start = () =>
    new Promise<void>((resolve, reject) => {
      const listening = net.createServer((client) => {
        const upstream = net.connect(Number(targetPort), hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => (socket === client ? upstream : client).destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      listening.once('error', reject);
      listening.listen(port, '127.0.0.1', () => {
        server = listening;
        resolve();
      });
    });

  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      if (!server) return resolve();
      server.close(() => resolve());
      server = null;
    });

  await start();
  return { url: `http://127.0.0.1:${port}`, stop, start };
}
