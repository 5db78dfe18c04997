import { createConfig, http, type Config } from 'wagmi';
import { bsc, bscTestnet, type Chain } from 'wagmi/chains';
import { injected } from 'wagmi/connectors/injected';

/**
 * wagmi is for contract writes (recharge) only; login and account polling use the raw provider.
 * Load this module with a dynamic import so wagmi and viem stay out of the home page bundle:
 *   const { createWagmiConfig } = await import('../../lib/wagmi');
 * Users are inside wallet browsers, so the injected connector is the only one.
 */
export const knownChains: readonly Chain[] = [bsc, bscTestnet];

export function chainOf(chainId: number, rpcUrl?: string): Chain {
  const known = knownChains.find((chain) => chain.id === chainId);
  if (known) return known;
  // A local development chain (the server's own node) announced by /api/funds/recharge/config.
  return {
    id: chainId,
    name: `Chain ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: rpcUrl ? [rpcUrl] : [] } },
  };
}

export function createWagmiConfig(chainId: number = bsc.id, rpcUrl?: string): Config {
  const chain = chainOf(chainId, rpcUrl);
  return createConfig({
    chains: [chain],
    connectors: [injected({ shimDisconnect: false })],
    transports: { [chain.id]: http(rpcUrl) },
  });
}
