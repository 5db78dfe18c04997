import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Address } from 'viem';

/**
 * What the proxy does with a call: pass it on; drop the connection (a signer that is down); never
 * answer (one that hangs); or pass on a signing altered — `from` another account (another key signs),
 * or another `to` — as a compromised or misconfigured signer would.
 */
export type SignerProxyMode = 'forward' | 'down' | 'hang' | 'other-key' | 'other-to';

export type SignerProxy = {
  url: string;
  /** The node that signs (anvil, with its dev accounts unlocked); set once it runs. */
  target: string | null;
  mode: SignerProxyMode;
  /** The eth_signTransaction calls that reached the proxy with the right token. */
  signCalls: number;
  close: () => Promise<void>;
};

type RpcCall = { method?: string; params?: Record<string, unknown>[] };

/**
 * A tiny signer in front of anvil's own `eth_signTransaction`, which the tests can switch off or turn
 * bad. It asks for `Authorization: Bearer <token>`, as a signer behind a gateway would.
 */
export async function startSignerProxy(options: {
  token: string;
  otherFrom: Address;
  otherTo: Address;
}): Promise<SignerProxy> {
  const alter: Partial<Record<SignerProxyMode, Record<string, unknown>>> = {
    'other-key': { from: options.otherFrom },
    'other-to': { to: options.otherTo },
  };
  const server = http.createServer((req, res) => {
    if (proxy.mode === 'down') return void req.socket.destroy();
    if (proxy.mode === 'hang') return;
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (req.headers.authorization !== `Bearer ${options.token}`) {
        res.writeHead(401).end('unauthorized');
        return;
      }
      const call = JSON.parse(body) as RpcCall;
      if (call.method === 'eth_signTransaction') {
        proxy.signCalls++;
        const change = alter[proxy.mode];
        if (change && call.params?.[0]) call.params[0] = { ...call.params[0], ...change };
      }
      fetch(proxy.target!, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(call),
      })
        .then(async (answer) =>
          res.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text()),
        )
        .catch(() => req.socket.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const proxy: SignerProxy = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    target: null,
    mode: 'forward',
    signCalls: 0,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return proxy;
}
