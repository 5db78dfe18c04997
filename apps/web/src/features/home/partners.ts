/**
 * Chains and wallets WALLX works with, drawn as word marks (no third-party images are shipped).
 * Brand names are proper nouns and stay untranslated.
 */
export const partners: ReadonlyArray<{ name: string; mark: string; color: string }> = [
  { name: 'BNB Chain', mark: 'B', color: '#f0b90b' },
  { name: 'MetaMask', mark: 'M', color: '#f6851b' },
  { name: 'Trust Wallet', mark: 'T', color: '#3375bb' },
  { name: 'TokenPocket', mark: 'TP', color: '#2980fe' },
  { name: 'SafePal', mark: 'S', color: '#4a21ef' },
  { name: 'PancakeSwap', mark: 'P', color: '#1fc7d4' },
];
