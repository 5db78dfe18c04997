import { createPublicClient, erc20Abi, http } from 'viem';
import type { Asset } from '@wallx/shared';
import { ConfigError } from '../config/config.js';
import type { Db } from '../db/database.js';
import { claimSetting } from '../db/platform-settings.js';
import { redactUrl } from '../logging/logging.js';
import type { ChainContext } from './context.js';

/**
 * Refuses to start against the wrong chain or the wrong tokens, before anything is credited or paid:
 * the RPC must serve the configured chain; the database must be the one created on that chain (its
 * deposits, withdrawals and nonces belong to it); each token must have the decimals the server
 * converts amounts with (a 6-decimal token read as 18 would credit a deposit a trillionth of its value).
 */
export async function verifyChain(chain: ChainContext, db: Db): Promise<void> {
  // Every node that answers must serve the chain; one down at start may join later (it decides
  // nothing until it answers), but not all of them.
  const served = await Promise.allSettled(
    chain.rpcUrls.map((url) => createPublicClient({ transport: http(url, { retryCount: 1 }) }).getChainId()),
  );
  chain.rpcUrls.forEach((url, i) => {
    const answer = served[i]!;
    if (answer.status === 'fulfilled' && answer.value !== chain.chainId)
      throw new ConfigError(
        `RPC_URL (${redactUrl(url)}) serves chain ${answer.value}, but CHAIN=${chain.kind} is chain ${chain.chainId}`,
      );
  });
  const down = served.find((answer) => answer.status === 'rejected');
  if (down && served.every((answer) => answer.status === 'rejected')) throw down.reason;
  for (const [asset, address] of Object.entries(chain.tokens) as [Asset, `0x${string}`][]) {
    let decimals: number;
    try {
      decimals = await chain.client.readContract({ address, abi: erc20Abi, functionName: 'decimals' });
    } catch (cause) {
      throw new ConfigError(
        `${asset}_ADDRESS ${address} answers no decimals() on chain ${chain.chainId}: is it the token contract?`,
        { cause },
      );
    }
    if (decimals !== chain.decimals) {
      throw new ConfigError(
        `${asset}_ADDRESS ${address} has ${decimals} decimals; WALLX counts ${asset} with ${chain.decimals}`,
      );
    }
  }
  const recorded = await claimSetting(db, 'chain_id', String(chain.chainId));
  if (recorded !== String(chain.chainId)) {
    throw new ConfigError(
      `this database was created on chain ${recorded} and the server is configured for chain ${chain.chainId} (CHAIN=${chain.kind}); ` +
        'its deposits, withdrawals and payout nonces belong to that chain. Use the database of this chain, or a new one.',
    );
  }
}
