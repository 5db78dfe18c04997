/** Known networks: chain id, token contracts, explorer, a public RPC for wallets. */
export const networks = {
  bsc: {
    chainId: 56,
    usdt: '0x55d398326f99059fF775485246999027B3197955',
    explorer: 'https://bscscan.com',
    publicRpc: 'https://bsc-dataseed.bnbchain.org',
    confirmations: 15,
  },
  'bsc-testnet': {
    chainId: 97,
    usdt: null,
    explorer: 'https://testnet.bscscan.com',
    publicRpc: 'https://data-seed-prebsc-1-s1.bnbchain.org:8545',
    confirmations: 15,
  },
} as const;
