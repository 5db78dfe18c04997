import { createTestClient, encodeAbiParameters, erc20Abi, http, keccak256, publicActions } from 'viem';
import { foundry } from 'viem/chains';
import { expect } from 'vitest';
import { openChain, type ChainContext } from '../../platform/chain/context.js';
import { loadConfig } from '../../platform/config/config.js';
import { buildTestApp, operatorLogin, type Session, type TestApp } from '../../test/helpers.js';

export const testClient = (rpcUrl: string) =>
  createTestClient({ chain: foundry, mode: 'anvil', transport: http(rpcUrl), cacheTime: 0 }).extend(publicActions);
export type Anvil = ReturnType<typeof testClient>;

/**
 * The withdrawal tests' chain (anvil, a test token, a hot wallet) and an app paying from it, listening
 * on a port; `env` adds to the configuration (an external signer, say).
 */
export async function startWithdrawals(env: Record<string, string> = {}): Promise<{
  chain: ChainContext;
  anvil: Anvil;
  t: TestApp;
  finance: { authorization: string };
  base: string;
}> {
  const chain = await openChain(
    loadConfig({
      CONFIRMATIONS: '2',
      WITHDRAW_MIN_USDT: '20',
      WITHDRAW_FEE_USDT: '1.5',
      WITHDRAW_REVIEW_USDT: '1000',
      WITHDRAW_HOURLY_CAP_USDT: '100000000',
      ...env,
    }).chain,
  );
  const anvil = testClient(chain.rpcUrl);
  const t = await buildTestApp({ chain });
  const finance = await operatorLogin(t.app, 'finance');
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { chain, anvil, t, finance, base };
}

/** The withdrawal tests' requests and chain reads, on what `current` answers once started. */
export function withdrawalsHelpers(current: () => { t: TestApp; chain: ChainContext; anvil: Anvil }) {
  const withdraw = (who: Session, amount: string, headers: Record<string, string> = {}) =>
    current().t.injectAs(
      who,
      'POST /api/funds/withdraw',
      { asset: 'USDT', amount, fund_password: 'pass-123' },
      headers,
    );
  const onChain = (address: `0x${string}`) =>
    current().anvil.readContract({
      address: current().chain.tokens.USDT,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [address],
    });
  const balance = async (auth: { authorization: string }) =>
    (await current().t.injectAs(auth, 'GET /api/user/info')).json().data.balance;

  /** Sets the hot wallet's USDT balance in the token's storage (balanceOf is slot 3 of TestToken): something else moved its tokens. */
  async function setHotUsdt(value: bigint) {
    const { chain, anvil } = current();
    const slot = keccak256(
      encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [chain.hotWallet.address, 3n]),
    );
    await anvil.setStorageAt({
      address: chain.tokens.USDT,
      index: slot,
      value: `0x${value.toString(16).padStart(64, '0')}`,
    });
    expect(await onChain(chain.hotWallet.address)).toBe(value);
  }

  const transactionsOf = (withdrawalId: string) =>
    current()
      .t.database.db.selectFrom('withdrawal_transactions')
      .select(['tx_hash', 'nonce', 'gas_price'])
      .where('withdrawal_id', '=', withdrawalId)
      .orderBy('created_at')
      .execute();

  return { withdraw, onChain, balance, setHotUsdt, transactionsOf };
}
