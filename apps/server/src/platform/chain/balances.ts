import { erc20Abi, formatUnits } from 'viem';
import type { Asset } from '@wallx/shared';
import type { ChainContext } from './context.js';

/** What the platform holds on chain of one asset: at the deposit address and in the hot wallet. */
export type ChainHoldings = { depositAddress: string; hotWallet: string; deposit: string; hot: string };

/** Reads the platform's token balances; the dashboard's reconciliation compares them with the books. */
export type ChainBalances = (asset: Asset) => Promise<ChainHoldings>;

/** A node that does not answer in this long counts as unreachable: the dashboard must not hang on it. */
const READ_TIMEOUT_MS = 5_000;

export function createChainBalances(chain: ChainContext): ChainBalances {
  const balanceOf = (asset: Asset, owner: `0x${string}`) =>
    chain.client.readContract({
      address: chain.tokens[asset],
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [owner],
    });
  return async (asset) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`chain read timed out after ${READ_TIMEOUT_MS} ms`)), READ_TIMEOUT_MS);
    });
    try {
      const [deposit, hot] = await Promise.race([
        Promise.all([balanceOf(asset, chain.depositAddress), balanceOf(asset, chain.hotWallet.address)]),
        timeout,
      ]);
      return {
        depositAddress: chain.depositAddress.toLowerCase(),
        hotWallet: chain.hotWallet.address.toLowerCase(),
        deposit: formatUnits(deposit, chain.decimals),
        hot: formatUnits(hot, chain.decimals),
      };
    } finally {
      clearTimeout(timer);
    }
  };
}
