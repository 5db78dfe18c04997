import { createRequire } from 'node:module';
import {
  type BaseError,
  concat,
  ContractFunctionRevertedError,
  createPublicClient,
  createWalletClient,
  erc20Abi,
  getAddress,
  http,
  parseEventLogs,
  type Abi,
  type Address,
  type Hex,
  type TransactionReceipt,
} from 'viem';
import { foundry } from 'viem/chains';
import { afterAll, beforeAll, expect } from 'vitest';
import {} from './context.js';
import { depositAddressOf, depositSalt, type DepositFactory } from './deposit-address.js';
import {
  deployLocalFactory,
  deployLocalTokens,
  devAccount,
  LOCAL_ROLES,
  startLocalNode,
  type LocalNode,
  type LocalTokens,
} from './local-node.js';

const require = createRequire(import.meta.url);
type Artifact = { abi: Abi; bytecode: Hex };
export const artifact = (name: string) => require(`@wallx/contracts/artifacts/${name}.json`) as Artifact;
export const factoryAbi = artifact('DepositFactory').abi;
export const forwarderAbi = artifact('DepositForwarder').abi;
/** The factory's ABI with the forwarder's errors, which a sweep passes on. */
export const sweepAbi = [...factoryAbi, ...forwarderAbi.filter((entry) => entry.type === 'error')] as Abi;

/** What a deployed deposit address holds: the 45-byte EIP-1167 runtime around the implementation. */
export const cloneRuntime = (implementation: Address): Hex =>
  concat(['0x363d3d373d3d3d363d73', implementation.toLowerCase() as Hex, '0x5af43d82803e903d91602b57fd5bf3']);

export type Swept = { salt: Hex; forwarder: Address; token: Address; amount: bigint; deployed: boolean };

/**
 * A local chain with the tokens and the factory, and what the forwarder tests do on it; call inside a
 * `describe` (it registers the chain's start and stop). `node`, `tokens`, `factory` and `client` exist once started.
 */
export function forwarderChain() {
  let node: LocalNode;
  let tokens: LocalTokens;
  let factory: DepositFactory;
  const destination = devAccount(LOCAL_ROLES.hotWallet).address;
  // Whoever sends deposits (an exchange's withdrawal), and a stranger who sweeps or attacks.
  const exchange = devAccount(LOCAL_ROLES.firstUser);
  const stranger = devAccount(LOCAL_ROLES.firstUser + 1);
  let client: ReturnType<typeof publicClientOf>;
  const publicClientOf = (rpcUrl: string) =>
    createPublicClient({ chain: foundry, transport: http(rpcUrl), cacheTime: 0, pollingInterval: 50 });
  const walletOf = (account: typeof exchange) =>
    createWalletClient({ account, chain: foundry, transport: http(node.rpcUrl) });

  beforeAll(async () => {
    node = await startLocalNode();
    tokens = await deployLocalTokens(node.rpcUrl);
    factory = await deployLocalFactory(node.rpcUrl);
    client = publicClientOf(node.rpcUrl);
  });
  afterAll(async () => {
    await node?.stop();
  });

  const mined = async (hash: Hex): Promise<TransactionReceipt> => {
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    expect(receipt.status).toBe('success');
    return receipt;
  };
  const addressOf = (userId: string) => depositAddressOf(factory, userId);
  const hasCode = async (address: Address) => ((await client.getCode({ address })) ?? '0x') !== '0x';
  const balanceOf = (token: Address, owner: Address) =>
    client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] });

  async function deploy(name: string, args: unknown[] = []): Promise<Address> {
    const { abi, bytecode } = artifact(name);
    const receipt = await mined(await walletOf(stranger).deployContract({ abi, bytecode, args }));
    return getAddress(receipt.contractAddress!);
  }
  async function send(token: Address, to: Address, amount: bigint) {
    await mined(
      await walletOf(exchange).writeContract({
        address: token,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [to, amount],
      }),
    );
  }
  /** Test tokens other than the local USDT/WALLX let anyone mint: a deposit of them is a mint to the address. */
  async function mint(token: Address, to: Address, amount: bigint) {
    await mined(
      await walletOf(stranger).writeContract({
        address: token,
        abi: artifact('TestFeeToken').abi,
        functionName: 'mint',
        args: [to, amount],
      }),
    );
  }
  /** Sweeps as anyone (a stranger by default): the destination is the factory's, not the caller's. */
  async function sweep(userIds: string[], token: Address, account = stranger) {
    const wallet = walletOf(account);
    const hash =
      userIds.length === 1
        ? await wallet.writeContract({
            address: factory.address,
            abi: factoryAbi,
            functionName: 'sweep',
            args: [depositSalt(userIds[0]!), token],
          })
        : await wallet.writeContract({
            address: factory.address,
            abi: factoryAbi,
            functionName: 'sweepMany',
            args: [userIds.map(depositSalt), token],
          });
    const receipt = await mined(hash);
    const events = parseEventLogs({ abi: factoryAbi, logs: receipt.logs, eventName: 'Swept' }).map(
      (log) => log.args as unknown as Swept,
    );
    return { receipt, events };
  }
  /** The custom error a sweep would revert with (simulated: a sent transaction reverts the same way). */
  async function sweepRevert(userId: string, token: Address): Promise<{ errorName?: string; args?: unknown }> {
    try {
      await client.simulateContract({
        account: stranger,
        address: factory.address,
        abi: sweepAbi,
        functionName: 'sweep',
        args: [depositSalt(userId), token],
      });
    } catch (error) {
      const reverted = (error as BaseError).walk((e) => e instanceof ContractFunctionRevertedError);
      if (reverted instanceof ContractFunctionRevertedError) {
        return { errorName: reverted.data?.errorName ?? reverted.reason, args: reverted.data?.args };
      }
      throw error;
    }
    throw new Error('the sweep did not revert');
  }
  async function revertOf(call: () => Promise<unknown>): Promise<string | undefined> {
    try {
      await call();
    } catch (error) {
      const reverted = (error as BaseError).walk((e) => e instanceof ContractFunctionRevertedError);
      if (reverted instanceof ContractFunctionRevertedError) return reverted.data?.errorName ?? reverted.reason;
      throw error;
    }
    throw new Error('the call did not revert');
  }

  return {
    get node() {
      return node;
    },
    get tokens() {
      return tokens;
    },
    get factory() {
      return factory;
    },
    get client() {
      return client;
    },
    destination,
    exchange,
    stranger,
    walletOf,
    mined,
    addressOf,
    hasCode,
    balanceOf,
    deploy,
    send,
    mint,
    sweep,
    sweepRevert,
    revertOf,
  };
}
