import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import {
  createPublicClient,
  createWalletClient,
  getContractAddress,
  http,
  parseUnits,
  type Address,
  type Hex,
} from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import type { DepositFactory } from './deposit-address.js';

const require = createRequire(import.meta.url);

/** anvil's well-known development mnemonic: its accounts are public test keys, never real funds. */
export const DEV_MNEMONIC = 'test test test test test test test test test test test junk';
export const devAccount = (index: number) => mnemonicToAccount(DEV_MNEMONIC, { addressIndex: index });

/**
 * Roles on the local chain, by dev account index. The deposit factory has a deployer of its own: its
 * first transaction puts the factory at the same address on every local chain, including chains
 * saved before the factory existed (where the token deployer's later nonces went to mints and the faucet).
 */
export const LOCAL_ROLES = {
  deployer: 0,
  deposit: 1,
  hotWallet: 2,
  firstUser: 3,
  cold: 8,
  factoryDeployer: 9,
} as const;

type Artifact = { abi: readonly unknown[]; bytecode: Hex };
export const testTokenArtifact = (): Artifact => require('@wallx/contracts/artifacts/TestToken.json') as Artifact;
export const depositFactoryArtifact = (): Artifact =>
  require('@wallx/contracts/artifacts/DepositFactory.json') as Artifact;

/** The anvil binary from its npm platform package; spawned directly so killing it really stops it. */
export function anvilBinary(): string {
  const arch = { x64: 'amd64', arm64: 'arm64' }[process.arch as 'x64' | 'arm64'];
  if (!arch) throw new Error(`no anvil build for ${process.platform}/${process.arch}`);
  const pkg = `@foundry-rs/anvil-${process.platform === 'win32' ? 'win32' : process.platform}-${arch}`;
  const dir = path.dirname(require.resolve(`${pkg}/package.json`));
  return runnable(path.join(dir, 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil'));
}

/** The binary, when this user may run it; a clone on a file system mounted noexec is told so, not shown a spawn stack trace. */
export function runnable(binary: string): string {
  try {
    fs.accessSync(binary, fs.constants.X_OK);
  } catch (error) {
    throw new Error(
      `anvil cannot run from ${binary} (${(error as NodeJS.ErrnoException).code}). Is the project on a file system mounted noexec? ` +
        'Remount it with `mount -o remount,exec <mount point>`, or clone the project onto another file system.',
      { cause: error },
    );
  }
  return binary;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export type LocalNode = { rpcUrl: string; process: ChildProcess; stop: () => Promise<void> };

/**
 * Starts anvil on a free local port. With `stateFile`, the chain is loaded from it and saved back
 * periodically and on exit, so `npm start` keeps its chain (and deposits stay true) across restarts.
 */
export async function startLocalNode(
  options: { stateFile?: string; blockTime?: number; fork?: { url: string; blockNumber: bigint } } = {},
): Promise<LocalNode> {
  const port = await freePort();
  const args = [
    '--host',
    '127.0.0.1',
    '--port',
    String(port),
    '--chain-id',
    String(foundry.id),
    '--mnemonic',
    DEV_MNEMONIC,
    '--silent',
  ];
  if (options.stateFile) {
    fs.mkdirSync(path.dirname(options.stateFile), { recursive: true });
    args.push('--state', options.stateFile, '--state-interval', '10');
  }
  if (options.blockTime) args.push('--block-time', String(options.blockTime));
  // A second node that shares the chain up to a block and then sees none of it: one held behind.
  if (options.fork) args.push('--fork-url', options.fork.url, '--fork-block-number', String(options.fork.blockNumber));
  const child = spawn(anvilBinary(), args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const rpcUrl = `http://127.0.0.1:${port}`;
  const client = createPublicClient({ transport: http(rpcUrl, { retryCount: 0 }) });
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`anvil exited (${child.exitCode}): ${stderr}`);
    try {
      await client.getChainId();
      break;
    } catch {
      if (attempt > 200) throw new Error(`anvil did not answer on ${rpcUrl}: ${stderr}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return {
    rpcUrl,
    process: child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export type LocalTokens = { USDT: Address; WALLX: Address };

/**
 * Deploys the test USDT and WALLX (unless a loaded state has them already: the deployer's first two
 * nonces give fixed addresses), and gives the hot wallet and the dev users tokens to play with.
 */
export async function deployLocalTokens(rpcUrl: string): Promise<LocalTokens> {
  const deployer = devAccount(LOCAL_ROLES.deployer);
  const transport = http(rpcUrl);
  const publicClient = createPublicClient({ chain: foundry, transport, cacheTime: 0 });
  const wallet = createWalletClient({ account: deployer, chain: foundry, transport });
  const { abi, bytecode } = testTokenArtifact();
  const expected = {
    USDT: getContractAddress({ from: deployer.address, nonce: 0n }),
    WALLX: getContractAddress({ from: deployer.address, nonce: 1n }),
  };
  const isDeployed = async (address: Address) => ((await publicClient.getCode({ address })) ?? '0x') !== '0x';
  if ((await isDeployed(expected.USDT)) && (await isDeployed(expected.WALLX))) return expected;

  for (const symbol of ['USDT', 'WALLX'] as const) {
    const hash = await wallet.deployContract({ abi, bytecode, args: [`Test ${symbol}`, symbol] });
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    if (receipt.contractAddress?.toLowerCase() !== expected[symbol].toLowerCase()) {
      throw new Error(`${symbol} deployed at ${receipt.contractAddress}, expected ${expected[symbol]}`);
    }
  }
  const recipients = [LOCAL_ROLES.hotWallet, ...Array.from({ length: 5 }, (_, i) => LOCAL_ROLES.firstUser + i)];
  for (const symbol of ['USDT', 'WALLX'] as const) {
    for (const index of recipients) {
      const hash = await wallet.writeContract({
        address: expected[symbol],
        abi,
        functionName: 'mint',
        args: [devAccount(index).address, parseUnits('1000000', 18)],
      });
      await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    }
  }
  return expected;
}

/**
 * Deploys the deposit factory, its destination the local hot wallet (unless a loaded state has it
 * already: the factory deployer's first nonce gives a fixed address). Its forwarder implementation
 * is the first contract the factory creates.
 */
export async function deployLocalFactory(rpcUrl: string): Promise<DepositFactory> {
  const deployer = devAccount(LOCAL_ROLES.factoryDeployer);
  const transport = http(rpcUrl);
  const publicClient = createPublicClient({ chain: foundry, transport, cacheTime: 0 });
  const address = getContractAddress({ from: deployer.address, nonce: 0n });
  const factory = { address, implementation: getContractAddress({ from: address, nonce: 1n }) };
  if (((await publicClient.getCode({ address })) ?? '0x') !== '0x') return factory;

  const { abi, bytecode } = depositFactoryArtifact();
  const wallet = createWalletClient({ account: deployer, chain: foundry, transport });
  const hash = await wallet.deployContract({ abi, bytecode, args: [devAccount(LOCAL_ROLES.hotWallet).address] });
  const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  if (receipt.contractAddress?.toLowerCase() !== address.toLowerCase()) {
    throw new Error(`the deposit factory deployed at ${receipt.contractAddress}, expected ${address}`);
  }
  return factory;
}
