import { createRequire } from 'node:module';
import {
  type BaseError,
  concat,
  ContractFunctionRevertedError,
  createPublicClient,
  createWalletClient,
  encodeErrorResult,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  http,
  parseEther,
  parseEventLogs,
  parseUnits,
  zeroAddress,
  type Abi,
  type Address,
  type Hex,
  type TransactionReceipt,
} from 'viem';
import { foundry } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDepositFactory } from './context.js';
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
const artifact = (name: string) => require(`@wallx/contracts/artifacts/${name}.json`) as Artifact;
const factoryAbi = artifact('DepositFactory').abi;
const forwarderAbi = artifact('DepositForwarder').abi;
/** The factory's ABI with the forwarder's errors, which a sweep passes on. */
const sweepAbi = [...factoryAbi, ...forwarderAbi.filter((entry) => entry.type === 'error')] as Abi;

/** What a deployed deposit address holds: the 45-byte EIP-1167 runtime around the implementation. */
const cloneRuntime = (implementation: Address): Hex =>
  concat(['0x363d3d373d3d3d363d73', implementation.toLowerCase() as Hex, '0x5af43d82803e903d91602b57fd5bf3']);

type Swept = { salt: Hex; forwarder: Address; token: Address; amount: bigint; deployed: boolean };

describe('deposit addresses on a real chain: DepositFactory and DepositForwarder', () => {
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

  it("puts each user's address exactly where depositAddressOf computes it, with the implementation and destination it reports", async () => {
    for (const userId of ['1', '7', '42', '123456789', '18446744073709551616']) {
      const onChain = await client.readContract({
        address: factory.address,
        abi: factoryAbi,
        functionName: 'addressOf',
        args: [depositSalt(userId)],
      });
      expect(onChain).toBe(addressOf(userId));
    }
    const read = (address: Address, abi: Abi, functionName: string) =>
      client.readContract({ address, abi, functionName }) as Promise<Address>;
    expect(await read(factory.address, factoryAbi, 'implementation')).toBe(factory.implementation);
    expect(await read(factory.address, factoryAbi, 'destination')).toBe(destination);
    expect(await read(factory.implementation, forwarderAbi, 'factory')).toBe(factory.address);
    // Deploying again on the same chain finds the factory instead of deploying another.
    expect(await deployLocalFactory(node.rpcUrl)).toEqual(factory);
  });

  it('first sweep: deploys the clone and moves every token the exchange sent before it existed, in one transaction', async () => {
    const user = '101';
    const address = addressOf(user);
    const amount = parseUnits('250', 18);
    await send(tokens.USDT, address, amount);
    expect(await hasCode(address)).toBe(false);
    expect(await balanceOf(tokens.USDT, address)).toBe(amount);
    const before = await balanceOf(tokens.USDT, destination);

    const { receipt, events } = await sweep([user], tokens.USDT);

    expect(events).toEqual([
      { salt: depositSalt(user), forwarder: address, token: tokens.USDT, amount, deployed: true },
    ]);
    expect(await client.getCode({ address })).toBe(cloneRuntime(factory.implementation));
    expect(await balanceOf(tokens.USDT, address)).toBe(0n);
    expect((await balanceOf(tokens.USDT, destination)) - before).toBe(amount);
    // Deploy and transfer in one transaction: the Transfer to the destination is in the receipt.
    const transfers = parseEventLogs({ abi: erc20Abi, logs: receipt.logs, eventName: 'Transfer' });
    expect(transfers.map((t) => [t.args.from, t.args.to, t.args.value])).toEqual([[address, destination, amount]]);
  });

  it('later sweeps only call the clone that is there (deployed: false), for much less gas', async () => {
    const user = '102';
    const address = addressOf(user);
    await send(tokens.USDT, address, parseUnits('10', 18));
    const first = await sweep([user], tokens.USDT);
    expect(first.events[0]!.deployed).toBe(true);

    await send(tokens.USDT, address, parseUnits('40', 18));
    expect(await hasCode(address)).toBe(true);
    const before = await balanceOf(tokens.USDT, destination);
    const later = await sweep([user], tokens.USDT);

    expect(later.events).toEqual([
      {
        salt: depositSalt(user),
        forwarder: address,
        token: tokens.USDT,
        amount: parseUnits('40', 18),
        deployed: false,
      },
    ]);
    expect((await balanceOf(tokens.USDT, destination)) - before).toBe(parseUnits('40', 18));
    // The clone's CREATE2 (32,000 + 200 per byte of its 45-byte code) is paid once.
    expect(first.receipt.gasUsed - later.receipt.gasUsed).toBeGreaterThan(40_000n);
    expect(later.receipt.gasUsed).toBeLessThan(60_000n);
  });

  it('sweeps a batch in one transaction: an event per address, deployed or not, empty or not', async () => {
    const [fresh, deployed, empty] = ['111', '112', '113'];
    await send(tokens.WALLX, addressOf(deployed!), 1n);
    await sweep([deployed!], tokens.WALLX);
    await send(tokens.WALLX, addressOf(fresh!), 300n);
    await send(tokens.WALLX, addressOf(deployed!), 20n);
    const before = await balanceOf(tokens.WALLX, destination);

    const { events } = await sweep([fresh!, deployed!, empty!], tokens.WALLX);

    expect(events.map((e) => [e.forwarder, e.amount, e.deployed])).toEqual([
      [addressOf(fresh!), 300n, true],
      [addressOf(deployed!), 20n, false],
      [addressOf(empty!), 0n, true],
    ]);
    expect((await balanceOf(tokens.WALLX, destination)) - before).toBe(320n);
  });

  it('sweeping an address that holds nothing moves 0 and does not revert (a batch survives an address swept by someone else first)', async () => {
    const user = '121';
    const first = await sweep([user], tokens.USDT);
    expect(first.events.map((e) => [e.amount, e.deployed])).toEqual([[0n, true]]);
    const again = await sweep([user], tokens.USDT);
    expect(again.events.map((e) => [e.amount, e.deployed])).toEqual([[0n, false]]);
  });

  it('moves a token whose transfer returns nothing (like USDT on Ethereum)', async () => {
    const token = await deploy('TestNoReturnToken');
    const address = addressOf('131');
    await mint(token, address, 777n);
    const { events } = await sweep(['131'], token);
    expect(events.map((e) => [e.amount, e.deployed])).toEqual([[777n, true]]);
    expect(await balanceOf(token, destination)).toBe(777n);
    expect(await balanceOf(token, address)).toBe(0n);
  });

  it('reverts, deploying nothing and moving nothing, when the token returns false or reverts', async () => {
    const token = await deploy('TestFalseToken');
    const address = addressOf('141');
    await mint(token, address, 500n);
    expect(await sweepRevert('141', token)).toEqual({ errorName: 'TransferFailed', args: [token] });

    await mined(
      await walletOf(stranger).writeContract({
        address: token,
        abi: artifact('TestFalseToken').abi,
        functionName: 'setReverts',
        args: [true],
      }),
    );
    expect(await sweepRevert('141', token)).toEqual({ errorName: 'TransferFailed', args: [token] });
    expect(await hasCode(address)).toBe(false);
    expect(await balanceOf(token, address)).toBe(500n);
  });

  it('a fee-on-transfer token: the event says what the clone sent; the destination receives less (the server credits what arrived)', async () => {
    const token = await deploy('TestFeeToken');
    const address = addressOf('151');
    await mint(token, address, 1000n);
    const { receipt, events } = await sweep(['151'], token);
    expect(events.map((e) => [e.amount, e.deployed])).toEqual([[1000n, true]]);
    expect(await balanceOf(token, address)).toBe(0n);
    expect(await balanceOf(token, destination)).toBe(990n);
    const toDestination = parseEventLogs({ abi: erc20Abi, logs: receipt.logs, eventName: 'Transfer' }).filter(
      (t) => t.args.to === destination,
    );
    expect(toDestination.map((t) => t.args.value)).toEqual([990n]);
  });

  describe('a malicious token that calls back during its transfer', () => {
    const arm = async (token: Address, target: Address, payload: Hex, swallow: boolean) =>
      mined(
        await walletOf(stranger).writeContract({
          address: token,
          abi: artifact('TestReentrantToken').abi,
          functionName: 'arm',
          args: [target, payload, swallow],
        }),
      );
    const lastCall = async (token: Address) => {
      const read = (functionName: string) =>
        client.readContract({ address: token, abi: artifact('TestReentrantToken').abi, functionName });
      return { ok: await read('lastOk'), result: await read('lastResult'), calls: await read('nestedCalls') };
    };
    const errorData = (errorName: string) => encodeErrorResult({ abi: sweepAbi, errorName });

    it('cannot sweep again from inside a sweep, of this address or another: the nested call is refused and everything moves once', async () => {
      const token = await deploy('TestReentrantToken');
      const [victim, other] = ['161', '162'];
      await mint(token, addressOf(victim!), 1000n);
      await mint(token, addressOf(other!), 50n);
      await send(tokens.USDT, addressOf(other!), 5n);
      for (const nested of [
        encodeFunctionData({ abi: factoryAbi, functionName: 'sweep', args: [depositSalt(victim!), token] }),
        encodeFunctionData({ abi: factoryAbi, functionName: 'sweep', args: [depositSalt(other!), tokens.USDT] }),
        encodeFunctionData({
          abi: factoryAbi,
          functionName: 'sweepMany',
          args: [[depositSalt(victim!), depositSalt(other!)], token],
        }),
      ]) {
        await arm(token, factory.address, nested, true);
        await mint(token, addressOf(victim!), 1n);
        const held = await balanceOf(token, addressOf(victim!));
        const before = await balanceOf(token, destination);
        const { events } = await sweep([victim!], token);
        expect(events.map((e) => e.amount)).toEqual([held]);
        expect((await balanceOf(token, destination)) - before).toBe(held);
        expect(await lastCall(token)).toMatchObject({ ok: false, result: errorData('Reentered') });
      }
      // The other address was never swept from inside: its tokens wait for a sweep of its own.
      expect(await balanceOf(token, addressOf(other!))).toBe(50n);
      expect(await balanceOf(tokens.USDT, addressOf(other!))).toBe(5n);
      // The factory is not left locked: ordinary sweeps go on.
      await arm(token, zeroAddress, '0x', false);
      const { events } = await sweep([victim!, other!], token);
      expect(events.map((e) => e.amount)).toEqual([0n, 50n]);
    });

    it("cannot call the clone's forward itself (only the factory may): refused, and the sweep moves its balance once", async () => {
      const token = await deploy('TestReentrantToken');
      const user = '163';
      await mint(token, addressOf(user), 400n);
      await send(tokens.USDT, addressOf(user), 9n);
      // Inside the first sweep the clone exists: the token tries to have it send its USDT to the stranger.
      await arm(
        token,
        addressOf(user),
        encodeFunctionData({ abi: forwarderAbi, functionName: 'forward', args: [tokens.USDT, stranger.address] }),
        true,
      );
      const { events } = await sweep([user], token);
      expect(events.map((e) => [e.amount, e.deployed])).toEqual([[400n, true]]);
      expect(await lastCall(token)).toEqual({ ok: false, result: errorData('NotFactory'), calls: 1n });
      expect(await balanceOf(token, destination)).toBe(400n);
      expect(await balanceOf(tokens.USDT, addressOf(user))).toBe(9n);
    });

    it('when it does not catch the refusal, its transfer fails and the whole sweep reverts: nothing deployed, nothing moved', async () => {
      const token = await deploy('TestReentrantToken');
      const user = '164';
      await mint(token, addressOf(user), 300n);
      await arm(
        token,
        factory.address,
        encodeFunctionData({ abi: factoryAbi, functionName: 'sweep', args: [depositSalt(user), token] }),
        false,
      );
      expect(await sweepRevert(user, token)).toEqual({ errorName: 'TransferFailed', args: [token] });
      expect(await hasCode(addressOf(user))).toBe(false);
      expect(await balanceOf(token, addressOf(user))).toBe(300n);
    });
  });

  it('the implementation cannot be used: forward refuses anyone but the factory, and it refuses BNB', async () => {
    expect(await client.getBalance({ address: factory.implementation })).toBe(0n);
    expect(
      await revertOf(() =>
        client.simulateContract({
          account: stranger,
          address: factory.implementation,
          abi: forwarderAbi,
          functionName: 'forward',
          args: [tokens.USDT, stranger.address],
        }),
      ),
    ).toBe('NotFactory');
    await expect(
      walletOf(stranger).sendTransaction({ to: factory.implementation, value: parseEther('1') }),
    ).rejects.toThrow();
    expect(await client.getBalance({ address: factory.implementation })).toBe(0n);
  });

  it("a deployed clone's forward refuses anyone but the factory: its tokens stay for the next sweep", async () => {
    const user = '171';
    const address = addressOf(user);
    await sweep([user], tokens.USDT);
    await send(tokens.USDT, address, 33n);
    for (const account of [stranger, exchange, devAccount(LOCAL_ROLES.hotWallet)]) {
      expect(
        await revertOf(() =>
          client.simulateContract({
            account,
            address,
            abi: forwarderAbi,
            functionName: 'forward',
            args: [tokens.USDT, account.address],
          }),
        ),
      ).toBe('NotFactory');
    }
    expect(await balanceOf(tokens.USDT, address)).toBe(33n);
  });

  it('BNB sent to a deposit address, before or after its clone exists, is swept with token 0; token sweeps leave it', async () => {
    const user = '181';
    const address = addressOf(user);
    const pay = async (value: bigint) => mined(await walletOf(exchange).sendTransaction({ to: address, value }));
    await pay(parseEther('1'));
    await send(tokens.USDT, address, 5n);
    const tokenSweep = await sweep([user], tokens.USDT);
    expect(tokenSweep.events.map((e) => [e.token, e.amount, e.deployed])).toEqual([[tokens.USDT, 5n, true]]);
    expect(await client.getBalance({ address })).toBe(parseEther('1'));

    const before = await client.getBalance({ address: destination });
    const first = await sweep([user], zeroAddress);
    expect(first.events.map((e) => [e.token, e.amount, e.deployed])).toEqual([[zeroAddress, parseEther('1'), false]]);
    expect(await client.getBalance({ address })).toBe(0n);
    // The stranger paid the gas; the destination received exactly what the address held.
    expect((await client.getBalance({ address: destination })) - before).toBe(parseEther('1'));

    // A deployed clone accepts BNB too.
    await pay(parseEther('0.5'));
    const second = await sweep([user], zeroAddress);
    expect(second.events.map((e) => e.amount)).toEqual([parseEther('0.5')]);

    // And BNB at an address not deployed yet is moved by the sweep that deploys it.
    await mined(await walletOf(exchange).sendTransaction({ to: addressOf('182'), value: parseEther('0.25') }));
    const deploying = await sweep(['182'], zeroAddress);
    expect(deploying.events.map((e) => [e.amount, e.deployed])).toEqual([[parseEther('0.25'), true]]);
  });

  it('on BSC the server reads the implementation from the configured factory, and names a wrong address', async () => {
    const rpc = client as unknown as Parameters<typeof readDepositFactory>[0];
    expect(await readDepositFactory(rpc, factory.address)).toEqual(factory);
    await expect(readDepositFactory(rpc, tokens.USDT)).rejects.toThrow(
      `DEPOSIT_FACTORY_ADDRESS ${tokens.USDT} answers no implementation(): is it the deposit factory?`,
    );
  });

  it('refuses a factory without a destination', async () => {
    const { abi, bytecode } = artifact('DepositFactory');
    await expect(walletOf(stranger).deployContract({ abi, bytecode, args: [zeroAddress] })).rejects.toThrow(
      /ZeroDestination|revert/,
    );
  });
});
