import type { ChainConfig, Env, TreasuryConfig } from './config.js';
import { networks } from './chain/networks.js';
import { ConfigError } from './config-error.js';

/**
 * The chain part of the configuration (config.ts reads and validates the environment; this builds
 * what the chain, payouts and the treasury need from it, and refuses what cannot work).
 */
export function chainConfig(e: Env): ChainConfig {
  const withdraw = {
    USDT: {
      min: e.WITHDRAW_MIN_USDT,
      fee: e.WITHDRAW_FEE_USDT,
      reviewAbove: e.WITHDRAW_REVIEW_USDT,
      hourlyCap: e.WITHDRAW_HOURLY_CAP_USDT,
    },
    WALLX: {
      min: e.WITHDRAW_MIN_WALLX,
      fee: e.WITHDRAW_FEE_WALLX,
      reviewAbove: e.WITHDRAW_REVIEW_WALLX,
      hourlyCap: e.WITHDRAW_HOURLY_CAP_WALLX,
    },
  };
  const scan = {
    scanBlockRange: e.SCAN_BLOCK_RANGE,
    scanIntervalMs: e.SCAN_INTERVAL_MS,
    rpcMaxLagBlocks: e.RPC_MAX_LAG_BLOCKS,
  };
  const treasury = treasuryConfig(e);
  if (e.CHAIN === 'local') return { kind: 'local', confirmations: e.CONFIRMATIONS ?? 2, ...scan, withdraw, treasury };

  const network = networks[e.CHAIN];
  const usdt = e.USDT_ADDRESS ?? network.usdt;
  const missing = [
    !e.RPC_URL && 'RPC_URL',
    !usdt && 'USDT_ADDRESS',
    !e.WALLX_ADDRESS && 'WALLX_ADDRESS',
    !e.DEPOSIT_ADDRESS && 'DEPOSIT_ADDRESS',
    !e.DEPOSIT_FACTORY_ADDRESS && 'DEPOSIT_FACTORY_ADDRESS',
    !e.HOT_WALLET_PRIVATE_KEY && 'HOT_WALLET_PRIVATE_KEY',
    !e.COLD_WALLET_ADDRESS && 'COLD_WALLET_ADDRESS',
  ].filter(Boolean);
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n${missing.map((name) => `  ${name}: required when CHAIN=${e.CHAIN}`).join('\n')}`,
    );
  }
  return {
    kind: e.CHAIN,
    chainId: network.chainId,
    rpcUrls: e.RPC_URL!,
    publicRpcUrl: e.PUBLIC_RPC_URL ?? network.publicRpc,
    explorerUrl: e.EXPLORER_URL ?? network.explorer,
    tokens: { USDT: usdt!, WALLX: e.WALLX_ADDRESS! },
    depositAddress: e.DEPOSIT_ADDRESS!,
    depositFactory: e.DEPOSIT_FACTORY_ADDRESS!,
    hotWalletPrivateKey: e.HOT_WALLET_PRIVATE_KEY!,
    treasury,
    confirmations: e.CONFIRMATIONS ?? network.confirmations,
    ...scan,
    withdraw,
  };
}

/** Compares decimal amounts of at most 18 decimals (the config's own format) exactly. */
const weiOf = (amount: string): bigint => {
  const [whole = '0', fraction = ''] = amount.split('.');
  return BigInt(whole) * 10n ** 18n + BigInt(fraction.padEnd(18, '0'));
};

function treasuryConfig(e: Env): TreasuryConfig {
  const hot = {
    USDT: { low: e.HOT_LOW_USDT, target: e.HOT_TARGET_USDT, high: e.HOT_HIGH_USDT },
    WALLX: { low: e.HOT_LOW_WALLX, target: e.HOT_TARGET_WALLX, high: e.HOT_HIGH_WALLX },
  };
  const misordered = (['USDT', 'WALLX'] as const).filter((asset) => {
    const { low, target, high } = hot[asset];
    return weiOf(low) > weiOf(target) || weiOf(target) > weiOf(high);
  });
  if (misordered.length > 0) {
    const lines = misordered.map(
      (asset) => `  HOT_LOW_${asset}, HOT_TARGET_${asset}, HOT_HIGH_${asset}: must be low ≤ target ≤ high`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return {
    coldWallet: e.COLD_WALLET_ADDRESS?.toLowerCase() ?? null,
    sweepMin: { USDT: e.SWEEP_MIN_USDT, WALLX: e.SWEEP_MIN_WALLX },
    hot,
  };
}
