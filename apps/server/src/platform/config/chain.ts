import { z } from 'zod';
import { ADDRESS_PATTERN } from '@wallx/shared';
import type { ChainConfig, Env, TreasuryConfig } from './config.js';
import { networks } from '../chain/networks.js';
import { ConfigError } from './error.js';

/**
 * RPC_URL: one JSON-RPC endpoint, or several separated by commas, best first; with several, what
 * moves money is answered alike by RPC_QUORUM of them (chain/rpc-nodes.ts).
 */
export const rpcUrlList = z
  .string()
  .transform((v) => v.split(',').map((url) => url.trim()))
  .refine(
    (urls) => urls.every((url) => /^https?:\/\/[^/\s]+/.test(url) && URL.canParse(url)),
    'must be one http(s) URL, or several separated by commas',
  )
  .refine((urls) => new Set(urls).size === urls.length, 'names the same endpoint twice');

const evmAddress = z.string().regex(ADDRESS_PATTERN, 'must be a 0x-prefixed 20-byte address');
const wholeAmount = z.string().regex(/^[1-9]\d{0,20}$/, 'must be a whole number greater than 0');
const decimalAmount = z.string().regex(/^\d{1,20}(\.\d{1,18})?$/, 'must be a decimal amount');

/** The environment's chain, hot wallet, withdrawal and treasury settings (config.ts validates them with the rest). */
export const chainEnvShape = {
  CHAIN: z.enum(['local', 'bsc', 'bsc-testnet']).default('local'),
  RPC_URL: rpcUrlList.optional(),
  RPC_MAX_LAG_BLOCKS: z.coerce.number().int().min(0).max(1000).default(5),
  /** How many of RPC_URL's nodes must answer alike before money moves on their answer; 2 when several are named. */
  RPC_QUORUM: z.coerce.number().int().min(1).max(100).optional(),
  PUBLIC_RPC_URL: z.string().url().optional(),
  EXPLORER_URL: z.string().url().optional(),
  USDT_ADDRESS: evmAddress.optional(),
  WALLX_ADDRESS: evmAddress.optional(),
  DEPOSIT_ADDRESS: evmAddress.optional(),
  DEPOSIT_FACTORY_ADDRESS: evmAddress.optional(),
  HOT_WALLET_PRIVATE_KEY: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 0x-prefixed 32-byte hex key')
    .optional(),
  /** An external JSON-RPC signer (Web3Signer, Clef) holding the hot wallet's key instead of this server. */
  SIGNER_URL: z.string().url().optional(),
  SIGNER_AUTH_HEADER: z
    .string()
    .regex(/^[\w-]+:\s*\S/, 'must be a header line such as "Authorization: Bearer …"')
    .optional(),
  /** Clef's external API names it account_signTransaction; Web3Signer and nodes eth_signTransaction. */
  SIGNER_METHOD: z.enum(['eth_signTransaction', 'account_signTransaction']).default('eth_signTransaction'),
  SIGNER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  HOT_WALLET_ADDRESS: evmAddress.optional(),
  CONFIRMATIONS: z.coerce.number().int().min(1).max(1000).optional(),
  SCAN_BLOCK_RANGE: z.coerce.number().int().min(1).max(5000).default(500),
  SCAN_INTERVAL_MS: z.coerce.number().int().min(100).default(1000),
  WITHDRAW_MIN_USDT: wholeAmount.default('10'),
  WITHDRAW_FEE_USDT: decimalAmount.default('1'),
  WITHDRAW_REVIEW_USDT: wholeAmount.default('10000'),
  WITHDRAW_HOURLY_CAP_USDT: wholeAmount.default('50000'),
  WITHDRAW_MIN_WALLX: wholeAmount.default('10'),
  WITHDRAW_FEE_WALLX: decimalAmount.default('1'),
  WITHDRAW_REVIEW_WALLX: wholeAmount.default('100000'),
  WITHDRAW_HOURLY_CAP_WALLX: wholeAmount.default('500000'),
  /** Where the hot wallet's excess goes; the server never has its key. Local: a dev account. */
  COLD_WALLET_ADDRESS: evmAddress.optional(),
  /** A deposit address is swept once it holds at least this much of a token (gas is paid per sweep). */
  SWEEP_MIN_USDT: decimalAmount.default('10'),
  SWEEP_MIN_WALLX: decimalAmount.default('10'),
  /** The hot wallet's marks per token: above high, the excess down to target goes cold; below low, payouts wait. */
  HOT_LOW_USDT: decimalAmount.default('0'),
  HOT_TARGET_USDT: decimalAmount.default('100000'),
  HOT_HIGH_USDT: decimalAmount.default('1000000'),
  HOT_LOW_WALLX: decimalAmount.default('0'),
  HOT_TARGET_WALLX: decimalAmount.default('1000000'),
  HOT_HIGH_WALLX: decimalAmount.default('10000000'),
};

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
  const hotWallet = hotWalletConfig(e);
  // The local chain pays from its funded dev account unless a signer is named (its keys are public anyway).
  if (e.CHAIN === 'local')
    return {
      kind: 'local',
      hotWallet: hotWallet.kind === 'signer' ? hotWallet : { kind: 'dev' },
      confirmations: e.CONFIRMATIONS ?? 2,
      ...scan,
      withdraw,
      treasury,
    };

  const network = networks[e.CHAIN];
  const usdt = e.USDT_ADDRESS ?? network.usdt;
  const nodeCount = e.RPC_URL?.length ?? 0;
  const quorum = e.RPC_QUORUM ?? Math.min(2, Math.max(1, nodeCount));
  // One node deciding alone is what a second node is there to prevent (issue 44).
  const quorumProblem =
    (nodeCount > 1 &&
      (quorum < 2 || quorum > nodeCount) &&
      `RPC_QUORUM: must be from 2 to ${nodeCount} (the nodes in RPC_URL), got ${quorum}`) ||
    (nodeCount === 1 &&
      quorum !== 1 &&
      `RPC_QUORUM: must be 1 with one node in RPC_URL (add nodes to ask more), got ${quorum}`);
  const missing = [
    !e.RPC_URL && 'RPC_URL',
    !usdt && 'USDT_ADDRESS',
    !e.WALLX_ADDRESS && 'WALLX_ADDRESS',
    !e.DEPOSIT_ADDRESS && 'DEPOSIT_ADDRESS',
    !e.DEPOSIT_FACTORY_ADDRESS && 'DEPOSIT_FACTORY_ADDRESS',
    hotWallet.kind === 'dev' && 'HOT_WALLET_PRIVATE_KEY or SIGNER_URL',
    hotWallet.kind === 'signer' && !hotWallet.address && 'HOT_WALLET_ADDRESS (the address SIGNER_URL signs for)',
    !e.COLD_WALLET_ADDRESS && 'COLD_WALLET_ADDRESS',
  ].filter(Boolean);
  if (missing.length > 0 || quorumProblem) {
    throw ConfigError.of([
      ...missing.map((name) => `${name}: required when CHAIN=${e.CHAIN}`),
      ...(quorumProblem ? [quorumProblem] : []),
    ]);
  }
  return {
    kind: e.CHAIN,
    chainId: network.chainId,
    rpcUrls: e.RPC_URL!,
    rpcQuorum: quorum,
    publicRpcUrl: e.PUBLIC_RPC_URL ?? network.publicRpc,
    explorerUrl: e.EXPLORER_URL ?? network.explorer,
    tokens: { USDT: usdt!, WALLX: e.WALLX_ADDRESS! },
    depositAddress: e.DEPOSIT_ADDRESS!,
    depositFactory: e.DEPOSIT_FACTORY_ADDRESS!,
    // `missing` above refused the dev kind.
    hotWallet: hotWallet as NetworkHotWallet,
    treasury,
    confirmations: e.CONFIRMATIONS ?? network.confirmations,
    ...scan,
    withdraw,
  };
}

/**
 * Who signs for the hot wallet: an external signer (SIGNER_URL: the server holds no key), a key
 * (HOT_WALLET_PRIVATE_KEY, for development), or on the local chain by default its dev account.
 * `address` null with a signer on the local chain: the dev hot wallet's address.
 */
export type HotWalletConfig =
  | { kind: 'dev' }
  | { kind: 'key'; privateKey: string }
  | {
      kind: 'signer';
      url: string;
      method: 'eth_signTransaction' | 'account_signTransaction';
      headers: Record<string, string>;
      address: string | null;
      timeoutMs: number;
    };
export type LocalHotWallet = Exclude<HotWalletConfig, { kind: 'key' }>;
export type NetworkHotWallet = Exclude<HotWalletConfig, { kind: 'dev' }>;

function hotWalletConfig(e: Env): HotWalletConfig {
  const problems = [
    e.SIGNER_URL &&
      e.HOT_WALLET_PRIVATE_KEY &&
      'SIGNER_URL, HOT_WALLET_PRIVATE_KEY: set one, not both (with a signer the server holds no key)',
    !e.SIGNER_URL && e.HOT_WALLET_ADDRESS && 'HOT_WALLET_ADDRESS: only with SIGNER_URL (a key names its own address)',
    !e.SIGNER_URL && e.SIGNER_AUTH_HEADER && 'SIGNER_AUTH_HEADER: only with SIGNER_URL',
  ].filter(Boolean);
  if (problems.length > 0) throw ConfigError.of(problems.filter((p): p is string => Boolean(p)));
  if (e.SIGNER_URL) {
    const header = e.SIGNER_AUTH_HEADER?.match(/^([\w-]+):\s*(.*)$/);
    return {
      kind: 'signer',
      url: e.SIGNER_URL,
      method: e.SIGNER_METHOD,
      headers: header ? { [header[1]!]: header[2]!.trim() } : {},
      address: e.HOT_WALLET_ADDRESS ?? null,
      timeoutMs: e.SIGNER_TIMEOUT_MS,
    };
  }
  return e.HOT_WALLET_PRIVATE_KEY ? { kind: 'key', privateKey: e.HOT_WALLET_PRIVATE_KEY } : { kind: 'dev' };
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
    throw ConfigError.of(
      misordered.map(
        (asset) => `HOT_LOW_${asset}, HOT_TARGET_${asset}, HOT_HIGH_${asset}: must be low ≤ target ≤ high`,
      ),
    );
  }
  return {
    coldWallet: e.COLD_WALLET_ADDRESS?.toLowerCase() ?? null,
    sweepMin: { USDT: e.SWEEP_MIN_USDT, WALLX: e.SWEEP_MIN_WALLX },
    hot,
  };
}
