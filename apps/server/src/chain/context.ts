import path from 'node:path';
import { createPublicClient, getContractAddress, http, type Address, type PublicClient } from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import type { Asset } from '@wallx/shared';
import type { ChainConfig } from '../config.js';
import type { DepositFactory } from './deposit-address.js';
import { deployLocalTokens, devAccount, LOCAL_ROLES, startLocalNode } from './local-node.js';

/** Everything the server knows about the chain it works with, resolved once at start. */
export type ChainContext = {
  kind: ChainConfig['kind'];
  chainId: number;
  rpcUrl: string;
  /** What the app's wallet should use; the local node's own URL on `local`. */
  publicRpcUrl: string;
  explorerUrl: string | null;
  tokens: Record<Asset, Address>;
  decimals: 18;
  /** The shared deposit address: credits the registered user who sent a transfer (older deposits, links). */
  depositAddress: Address;
  /** Makes each user's own deposit address (chain/deposit-address.ts). */
  depositFactory: DepositFactory;
  hotWallet: PrivateKeyAccount;
  confirmations: number;
  scanBlockRange: number;
  scanIntervalMs: number;
  withdraw: ChainConfig['withdraw'];
  client: PublicClient;
  stop: () => Promise<void>;
};

function client(rpcUrl: string): PublicClient {
  // cacheTime 0: block numbers must be fresh right after a block is mined (tests mine on demand).
  return createPublicClient({ transport: http(rpcUrl, { retryCount: 2 }), cacheTime: 0 }) as PublicClient;
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
    decimals: 18 as const,
  };
  if (config.kind === 'local') {
    const node = await startLocalNode(
      options.dataDir ? { stateFile: path.join(options.dataDir, 'anvil-state.json') } : {},
    );
    const tokens = await deployLocalTokens(node.rpcUrl);
    return {
      kind: 'local',
      chainId: foundry.id,
      rpcUrl: node.rpcUrl,
      publicRpcUrl: node.rpcUrl,
      explorerUrl: null,
      tokens,
      depositAddress: devAccount(LOCAL_ROLES.deposit).address,
      depositFactory: localDepositFactory(),
      hotWallet: devAccount(LOCAL_ROLES.hotWallet) as unknown as PrivateKeyAccount,
      client: client(node.rpcUrl),
      stop: node.stop,
      ...common,
    };
  }
  return {
    kind: config.kind,
    chainId: config.chainId,
    rpcUrl: config.rpcUrl,
    publicRpcUrl: config.publicRpcUrl,
    explorerUrl: config.explorerUrl,
    tokens: config.tokens as Record<Asset, Address>,
    depositAddress: config.depositAddress as Address,
    depositFactory: localDepositFactory(),
    hotWallet: privateKeyToAccount(config.hotWalletPrivateKey as `0x${string}`),
    client: client(config.rpcUrl),
    stop: async () => {},
    ...common,
  };
}

// Stand-in until the factory is deployed: where the deployer's third contract will be.
function localDepositFactory(): DepositFactory {
  const address = getContractAddress({ from: devAccount(LOCAL_ROLES.deployer).address, nonce: 2n });
  return { address, implementation: getContractAddress({ from: address, nonce: 1n }) };
}
