/** Outside wallet-transfer.ts so that the withdrawal screen names the network without loading viem. */
export const knownNetworks: Record<number, { chainName: string; symbol: string }> = {
  56: { chainName: 'BNB Smart Chain', symbol: 'BNB' },
  97: { chainName: 'BNB Smart Chain Testnet', symbol: 'tBNB' },
};

export function networkName(chainId: number): string {
  return knownNetworks[chainId]?.chainName ?? `Chain ${chainId}`;
}
