// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';

type Handler = (args: { topic: string; params?: unknown }) => void;

/**
 * The dapp side of WalletConnect as our provider sees it: sessions in its store, its events. The
 * relay and the wallet are the browser test's (wallets.spec.ts); here the wallet's messages are
 * played straight into the client's events.
 */
const client = vi.hoisted(() => {
  const handlers = new Map<string, Set<Handler>>();
  const sessions: Array<{ topic: string; expiry: number; namespaces: { eip155: { accounts: string[] } } }> = [];
  return {
    handlers,
    sessions,
    session: { getAll: () => sessions },
    on: (event: string, handler: Handler) => {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)!.add(handler);
    },
    off: (event: string, handler: Handler) => handlers.get(event)?.delete(handler),
    request: vi.fn(async () => '0xsigned'),
    emit: (event: string, args: { topic: string; params?: unknown }) =>
      handlers.get(event)?.forEach((handler) => handler(args)),
  };
});
vi.mock('@walletconnect/sign-client', () => ({ SignClient: { init: async () => client } }));

const { restoreWalletConnect } = await import('./walletconnect');

const A = '0xAbC0000000000000000000000000000000000001';
const B = '0xabc0000000000000000000000000000000000002';

async function provider() {
  client.sessions.splice(0, client.sessions.length, {
    topic: 'topic-1',
    expiry: Date.now() / 1000 + 3600,
    namespaces: { eip155: { accounts: [`eip155:56:${A}`] } },
  });
  const restored = await restoreWalletConnect({ projectId: 'p', relayUrl: 'ws://relay', chainId: 56 });
  const heard: Array<[string, unknown]> = [];
  for (const event of ['accountsChanged', 'chainChanged', 'disconnect'])
    restored!.on!(event, (value) => heard.push([event, value]));
  return { provider: restored!, heard };
}

describe('the WalletConnect provider', () => {
  it('answers accounts from the live session, and says so when session_update changes them', async () => {
    const { provider: wallet, heard } = await provider();
    expect(await wallet.request({ method: 'eth_accounts' })).toEqual([A.toLowerCase()]);
    client.sessions[0]!.namespaces.eip155.accounts = [`eip155:56:${B}`];
    client.emit('session_update', { topic: 'another-topic' });
    expect(heard).toEqual([]);
    client.emit('session_update', { topic: 'topic-1' });
    expect(heard).toEqual([['accountsChanged', [B]]]);
    expect(await wallet.request({ method: 'eth_accounts' })).toEqual([B]);
  });

  it('passes on the wallet’s accountsChanged and chainChanged (session_event); its chain then is the new one', async () => {
    const { provider: wallet, heard } = await provider();
    const event = (name: string, data: unknown) =>
      client.emit('session_event', { topic: 'topic-1', params: { event: { name, data }, chainId: 'eip155:56' } });
    event('accountsChanged', [`eip155:56:${B}`]);
    event('chainChanged', 97);
    expect(heard).toEqual([
      ['accountsChanged', [B]],
      ['chainChanged', '0x61'],
    ]);
    expect(await wallet.request({ method: 'eth_chainId' })).toBe('0x61');
    await wallet.request({ method: 'personal_sign', params: ['0x00', B] });
    expect(client.request).toHaveBeenLastCalledWith({
      topic: 'topic-1',
      chainId: 'eip155:97',
      request: { method: 'personal_sign', params: ['0x00', B] },
    });
  });

  it('on session_delete, says the accounts are none and the wallet disconnected, and refuses requests with 4900', async () => {
    const { provider: wallet, heard } = await provider();
    client.emit('session_delete', { topic: 'topic-1' });
    expect(heard.map(([event]) => event)).toEqual(['accountsChanged', 'disconnect']);
    expect(heard[0]![1]).toEqual([]);
    expect(await wallet.request({ method: 'eth_accounts' })).toEqual([]);
    await expect(wallet.request({ method: 'personal_sign', params: [] })).rejects.toMatchObject({ code: 4900 });
    // Once over, nothing more is heard from it.
    client.emit('session_event', {
      topic: 'topic-1',
      params: { event: { name: 'accountsChanged', data: [A] }, chainId: 'eip155:56' },
    });
    expect(heard).toHaveLength(2);
  });
});
