import path from 'node:path';
import { parseAbi, parseUnits, type Address, type PublicClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import type { Asset } from '@wallx/shared';
import { ConfigError, type ChainConfig, type TreasuryConfig } from '../config/config.js';
import type { DepositFactory } from './deposit-address.js';
import { openRpcNodes, type RpcNodes } from './rpc-nodes.js';
import { externalSigner, keySigner, tracedSigner, type HotWalletSigner } from './hot-wallet-signer.js';
import { deployLocalFactory, deployLocalTokens, devAccount, LOCAL_ROLES, startLocalNode } from './local-node.js';

/** Everything the server knows about the chain it works with, resolved once at start. */
export type ChainContext = {
  kind: ChainConfig['kind'];
  chainId: number;
  /** The first of `rpcUrls`: the local node's own on `local`. */
  rpcUrl: string;
  rpcUrls: string[];
  /** What the app's wallet should use; the local node's own URL on `local`. */
  publicRpcUrl: string;
  explorerUrl: string | null;
  tokens: Record<Asset, Address>;
  decimals: 18;
  /** The shared deposit address: credits the registered user who sent a transfer (older deposits, links). */
  depositAddress: Address;
  /** The factory behind users' own deposit addresses (chain/deposit-address.ts), and the forwarder it clones. */
  depositFactory: DepositFactory;
  /** Signs for the hot wallet: a key here, or an external signer holding it (SIGNER_URL). */
  hotWallet: HotWalletSigner;
  /** Where the hot wallet's excess goes (issue 33); its key is never here. */
  coldWallet: Address;
  /** Sweep minimums and the hot wallet's marks, in token units (18 decimals). */
  treasury: Treasury;
  confirmations: number;
  scanBlockRange: number;
  scanIntervalMs: number;
  withdraw: ChainConfig['withdraw'];
  /** Ordinary reads and broadcasts, over every configured node (chain/rpc-nodes.ts). */
  client: PublicClient;
  /** Each node's health, and `quorum()`: the client whose answers a quorum of nodes gives alike, which settles money. */
  rpc: RpcNodes;
  stop: () => Promise<void>;
};

export type Treasury = {
  sweepMin: Record<Asset, bigint>;
  hot: Record<Asset, { low: bigint; target: bigint; high: bigint }>;
};

function treasuryOf(config: TreasuryConfig): Treasury {
  const units = (amount: string) => parseUnits(amount, 18);
  const marks = (asset: Asset) => ({
    low: units(config.hot[asset].low),
    target: units(config.hot[asset].target),
    high: units(config.hot[asset].high),
  });
  return {
    sweepMin: { USDT: units(config.sweepMin.USDT), WALLX: units(config.sweepMin.WALLX) },
    hot: { USDT: marks('USDT'), WALLX: marks('WALLX') },
  };
}

const nodesOf = (urls: string[], config: ChainConfig): RpcNodes =>
  openRpcNodes(urls, {
    maxLagBlocks: config.rpcMaxLagBlocks,
    refreshMs: config.scanIntervalMs,
    quorum: config.kind === 'local' ? 1 : config.rpcQuorum,
  });

function hotWalletSigner(config: ChainConfig['hotWallet'], dev?: ReturnType<typeof devAccount>): HotWalletSigner {
  if (config.kind === 'signer') {
    const address = (config.address as Address | null) ?? dev?.address;
    if (!address) throw new ConfigError('HOT_WALLET_ADDRESS: required with SIGNER_URL');
    return tracedSigner(externalSigner({ ...config, address }));
  }
  if (config.kind === 'key') return tracedSigner(keySigner(privateKeyToAccount(config.privateKey as `0x${string}`)));
  if (!dev) throw new ConfigError('HOT_WALLET_PRIVATE_KEY or SIGNER_URL: required');
  return tracedSigner(keySigner(dev));
}

/**
 * `local` starts an anvil node of our own (state kept in `dataDir` when given), deploys the test
 * tokens and uses dev accounts for the deposit address and the hot wallet. BSC uses the configured
 * RPC, contracts and keys.
 */
export async function openChain(config: ChainConfig, options: { dataDir?: string | null } = {}): Promise<ChainContext> {
  const common = {
    confirmations: config.confirmations,
    scanBlockRange: config.scanBlockRange,
    scanIntervalMs: config.scanIntervalMs,
    withdraw: config.withdraw,
    treasury: treasuryOf(config.treasury),
    decimals: 18 as const,
  };
  if (config.kind === 'local') {
    const node = await startLocalNode(
      options.dataDir ? { stateFile: path.join(options.dataDir, 'anvil-state.json') } : {},
    );
    const tokens = await deployLocalTokens(node.rpcUrl);
    const depositFactory = await deployLocalFactory(node.rpcUrl);
    const rpc = nodesOf([node.rpcUrl], config);
    return {
      kind: 'local',
      chainId: foundry.id,
      rpcUrl: node.rpcUrl,
      rpcUrls: [node.rpcUrl],
      publicRpcUrl: node.rpcUrl,
      explorerUrl: null,
      tokens,
      depositAddress: devAccount(LOCAL_ROLES.deposit).address,
      depositFactory,
      hotWallet: hotWalletSigner(config.hotWallet, devAccount(LOCAL_ROLES.hotWallet)),
      coldWallet: (config.treasury.coldWallet as Address | null) ?? devAccount(LOCAL_ROLES.cold).address,
      client: rpc.client,
      rpc,
      stop: node.stop,
      ...common,
    };
  }
  const rpc = nodesOf(config.rpcUrls, config);
  const depositFactory = await readDepositFactory(rpc.client, config.depositFactory as Address);
  return {
    kind: config.kind,
    chainId: config.chainId,
    rpcUrl: config.rpcUrls[0]!,
    rpcUrls: config.rpcUrls,
    publicRpcUrl: config.publicRpcUrl,
    explorerUrl: config.explorerUrl,
    tokens: config.tokens as Record<Asset, Address>,
    depositAddress: config.depositAddress as Address,
    depositFactory,
    hotWallet: hotWalletSigner(config.hotWallet),
    coldWallet: config.treasury.coldWallet as Address,
    client: rpc.client,
    rpc,
    stop: async () => {},
    ...common,
  };
}

/**
 * The configured factory and the implementation it clones, read from it once at start: the
 * implementation is part of every deposit address, so it comes from the factory itself rather than a
 * second setting that could disagree with it.
 */
export async function readDepositFactory(rpc: PublicClient, address: Address): Promise<DepositFactory> {
  try {
    const implementation = await rpc.readContract({
      address,
      abi: parseAbi(['function implementation() view returns (address)']),
      functionName: 'implementation',
    });
    return { address, implementation };
  } catch (cause) {
    throw new ConfigError(
      `DEPOSIT_FACTORY_ADDRESS ${address} answers no implementation(): is it the deposit factory?`,
      {
        cause,
      },
    );
  }
}
