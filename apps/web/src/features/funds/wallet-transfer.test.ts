import { decodeFunctionData, erc20Abi } from 'viem';
import { describe, expect, it } from 'vitest';
import type { Eip1193Provider } from '../../lib/ethereum';
import {
  ChainSwitchUnsupportedError,
  explorerTxUrl,
  sendTokenTransfer,
  switchToChain,
  transferErrorKey,
  watchToken,
} from './wallet-transfer';

type Call = { method: string; params?: unknown };

function fakeWallet(answer: (call: Call) => unknown): { provider: Eip1193Provider; calls: Call[] } {
  const calls: Call[] = [];
  const provider: Eip1193Provider = {
    request: async (call) => {
      calls.push(call);
      return answer(call);
    },
  };
  return { provider, calls };
}

const rejection = (code: number) => Object.assign(new Error('refused'), { code });
const chain = { chain_id: 31337, rpc_url: 'http://127.0.0.1:8545', explorer_url: null };
const hash = `0x${'ab'.repeat(32)}`;

describe('switchToChain', () => {
  it('does nothing when the wallet is on the chain already', async () => {
    const { provider, calls } = fakeWallet(() => '0x7a69');
    await switchToChain(provider, chain);
    expect(calls.map((c) => c.method)).toEqual(['eth_chainId']);
  });

  it('switches', async () => {
    const { provider, calls } = fakeWallet((c) => (c.method === 'eth_chainId' ? '0x38' : null));
    await switchToChain(provider, chain);
    expect(calls[1]).toEqual({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a69' }] });
  });

  it('adds an unknown chain with its RPC and explorer, then switches', async () => {
    let switches = 0;
    const { provider, calls } = fakeWallet((c) => {
      if (c.method === 'eth_chainId') return '0x1';
      if (c.method === 'wallet_switchEthereumChain' && switches++ === 0) throw rejection(4902);
      return null;
    });
    await switchToChain(provider, {
      chain_id: 97,
      rpc_url: 'https://rpc.example',
      explorer_url: 'https://testnet.bscscan.com',
    });
    expect(calls.map((c) => c.method)).toEqual([
      'eth_chainId',
      'wallet_switchEthereumChain',
      'wallet_addEthereumChain',
      'wallet_switchEthereumChain',
    ]);
    expect(calls[2]?.params).toEqual([
      {
        chainId: '0x61',
        chainName: 'BNB Smart Chain Testnet',
        nativeCurrency: { name: 'tBNB', symbol: 'tBNB', decimals: 18 },
        rpcUrls: ['https://rpc.example'],
        blockExplorerUrls: ['https://testnet.bscscan.com'],
      },
    ]);
  });

  it('passes other refusals on', async () => {
    const { provider } = fakeWallet((c) => {
      if (c.method === 'wallet_switchEthereumChain') throw rejection(4001);
      return '0x1';
    });
    await expect(switchToChain(provider, chain)).rejects.toMatchObject({ code: 4001 });
  });
});

describe('sendTokenTransfer', () => {
  it('sends transfer(to, amount) to the token contract', async () => {
    const { provider, calls } = fakeWallet(() => hash);
    const from = '0x90f79bf6eb2c4f870365e785982e1f101e93b906';
    const token = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
    const to = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
    expect(await sendTokenTransfer(provider, { from, token, to, amount: 100n * 10n ** 18n })).toBe(hash);
    const [tx] = calls[0]!.params as [{ from: string; to: string; data: `0x${string}`; value: string }];
    expect(tx).toMatchObject({ from, to: token, value: '0x0' });
    const decoded = decodeFunctionData({ abi: erc20Abi, data: tx.data });
    expect(decoded.functionName).toBe('transfer');
    expect(decoded.args).toEqual([expect.stringMatching(new RegExp(to, 'i')), 100n * 10n ** 18n]);
  });

  it('refuses an answer that is not a hash', async () => {
    const { provider } = fakeWallet(() => 'nope');
    await expect(
      sendTokenTransfer(provider, {
        from: '0x1',
        token: '0x2',
        to: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
        amount: 1n,
      }),
    ).rejects.toThrow();
  });
});

describe('explorerTxUrl', () => {
  it('links only when there is an explorer', () => {
    expect(explorerTxUrl('https://bscscan.com', hash)).toBe(`https://bscscan.com/tx/${hash}`);
    expect(explorerTxUrl('https://bscscan.com/', hash)).toBe(`https://bscscan.com/tx/${hash}`);
    expect(explorerTxUrl(null, hash)).toBeNull();
  });
});

describe('transferErrorKey', () => {
  it('says a request is already open for -32002', () => {
    expect(transferErrorKey(rejection(-32002))).toBe('auth.pending');
  });

  it('says the user cancelled for 4001, however the wallet nests the code', () => {
    expect(transferErrorKey(rejection(4001))).toBe('auth.rejected');
    expect(transferErrorKey({ message: 'failed', error: { code: 4001 } })).toBe('auth.rejected');
    expect(transferErrorKey(new Error('wrapped', { cause: rejection(4001) }))).toBe('auth.rejected');
  });

  it('says the account is not authorised (4100), the wallet disconnected (4900) or off this chain (4901)', () => {
    expect(transferErrorKey(rejection(4100))).toBe('wallets.unauthorized');
    expect(transferErrorKey(rejection(4900))).toBe('wallets.disconnected');
    expect(transferErrorKey({ error: { code: 4901 } })).toBe('wallets.chain_disconnected');
  });

  it('calls anything else a failed deposit', () => {
    for (const error of [rejection(-32603), rejection(4200), new Error('no code'), 'a string', null]) {
      expect(transferErrorKey(error)).toBe('chain.deposit_failed');
    }
  });
});

describe('a wallet that cannot switch networks', () => {
  it('is told apart from a refusal, so that the screen gives the manual steps', async () => {
    for (const code of [4200, -32601]) {
      const { provider } = fakeWallet((c) => {
        if (c.method === 'eth_chainId') return '0x1';
        throw rejection(code);
      });
      await expect(switchToChain(provider, chain)).rejects.toBeInstanceOf(ChainSwitchUnsupportedError);
    }
    const { provider } = fakeWallet((c) => {
      if (c.method === 'eth_chainId') return '0x1';
      throw rejection(4001);
    });
    await expect(switchToChain(provider, chain)).rejects.toMatchObject({ code: 4001 });
  });
});

describe('watchToken', () => {
  const token = { address: '0x5FbDB2315678afecb367f032d93F642f64180aa3', symbol: 'USDT', decimals: 18 };

  it('moves the wallet to the deposit chain, then asks it to watch the token (EIP-747)', async () => {
    const { provider, calls } = fakeWallet((c) =>
      c.method === 'eth_chainId' ? '0x38' : c.method === 'wallet_watchAsset' ? true : null,
    );
    expect(await watchToken(provider, chain, token)).toBe('added');
    expect(calls.map((c) => c.method)).toEqual(['eth_chainId', 'wallet_switchEthereumChain', 'wallet_watchAsset']);
    expect(calls[2]).toEqual({ method: 'wallet_watchAsset', params: { type: 'ERC20', options: token } });
  });

  it('a wallet without the method answers unsupported; a user who declines is told so', async () => {
    for (const code of [4200, -32601]) {
      const { provider } = fakeWallet((c) => {
        if (c.method === 'eth_chainId') return '0x7a69';
        throw rejection(code);
      });
      expect(await watchToken(provider, chain, token)).toBe('unsupported');
    }
    const { provider } = fakeWallet((c) => {
      if (c.method === 'eth_chainId') return '0x7a69';
      throw rejection(4001);
    });
    await expect(watchToken(provider, chain, token)).rejects.toMatchObject({ code: 4001 });
  });
});
