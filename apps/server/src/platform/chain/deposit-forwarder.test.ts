import {
  encodeErrorResult,
  encodeFunctionData,
  erc20Abi,
  parseEther,
  parseEventLogs,
  parseUnits,
  zeroAddress,
  type Abi,
  type Address,
  type Hex,
} from 'viem';
import { describe, expect, it } from 'vitest';
import { readDepositFactory } from './context.js';
import { depositSalt } from './deposit-address.js';
import { deployLocalFactory, devAccount, LOCAL_ROLES } from './local-node.js';

import {
  artifact,
  cloneRuntime,
  factoryAbi,
  forwarderAbi,
  forwarderChain,
  sweepAbi,
} from './deposit-forwarder.fixtures.js';

describe('deposit addresses on a real chain: DepositFactory and DepositForwarder', () => {
  const f = forwarderChain();
  const {
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
  } = f;

  it("puts each user's address exactly where depositAddressOf computes it, with the implementation and destination it reports", async () => {
    for (const userId of ['1', '7', '42', '123456789', '18446744073709551616']) {
      const onChain = await f.client.readContract({
        address: f.factory.address,
        abi: factoryAbi,
        functionName: 'addressOf',
        args: [depositSalt(userId)],
      });
      expect(onChain).toBe(addressOf(userId));
    }
    const read = (address: Address, abi: Abi, functionName: string) =>
      f.client.readContract({ address, abi, functionName }) as Promise<Address>;
    expect(await read(f.factory.address, factoryAbi, 'implementation')).toBe(f.factory.implementation);
    expect(await read(f.factory.address, factoryAbi, 'destination')).toBe(destination);
    expect(await read(f.factory.implementation, forwarderAbi, 'factory')).toBe(f.factory.address);
    // Deploying again on the same chain finds the factory instead of deploying another.
    expect(await deployLocalFactory(f.node.rpcUrl)).toEqual(f.factory);
  });

  it('first sweep: deploys the clone and moves every token the exchange sent before it existed, in one transaction', async () => {
    const user = '101';
    const address = addressOf(user);
    const amount = parseUnits('250', 18);
    await send(f.tokens.USDT, address, amount);
    expect(await hasCode(address)).toBe(false);
    expect(await balanceOf(f.tokens.USDT, address)).toBe(amount);
    const before = await balanceOf(f.tokens.USDT, destination);

    const { receipt, events } = await sweep([user], f.tokens.USDT);

    expect(events).toEqual([
      { salt: depositSalt(user), forwarder: address, token: f.tokens.USDT, amount, deployed: true },
    ]);
    expect(await f.client.getCode({ address })).toBe(cloneRuntime(f.factory.implementation));
    expect(await balanceOf(f.tokens.USDT, address)).toBe(0n);
    expect((await balanceOf(f.tokens.USDT, destination)) - before).toBe(amount);
    // Deploy and transfer in one transaction: the Transfer to the destination is in the receipt.
    const transfers = parseEventLogs({ abi: erc20Abi, logs: receipt.logs, eventName: 'Transfer' });
    expect(transfers.map((t) => [t.args.from, t.args.to, t.args.value])).toEqual([[address, destination, amount]]);
  });

  it('later sweeps only call the clone that is there (deployed: false), for much less gas', async () => {
    const user = '102';
    const address = addressOf(user);
    await send(f.tokens.USDT, address, parseUnits('10', 18));
    const first = await sweep([user], f.tokens.USDT);
    expect(first.events[0]!.deployed).toBe(true);

    await send(f.tokens.USDT, address, parseUnits('40', 18));
    expect(await hasCode(address)).toBe(true);
    const before = await balanceOf(f.tokens.USDT, destination);
    const later = await sweep([user], f.tokens.USDT);

    expect(later.events).toEqual([
      {
        salt: depositSalt(user),
        forwarder: address,
        token: f.tokens.USDT,
        amount: parseUnits('40', 18),
        deployed: false,
      },
    ]);
    expect((await balanceOf(f.tokens.USDT, destination)) - before).toBe(parseUnits('40', 18));
    // The clone's CREATE2 (32,000 + 200 per byte of its 45-byte code) is paid once.
    expect(first.receipt.gasUsed - later.receipt.gasUsed).toBeGreaterThan(40_000n);
    expect(later.receipt.gasUsed).toBeLessThan(60_000n);
  });

  it('sweeps a batch in one transaction: an event per address, deployed or not, empty or not', async () => {
    const [fresh, deployed, empty] = ['111', '112', '113'];
    await send(f.tokens.WALLX, addressOf(deployed!), 1n);
    await sweep([deployed!], f.tokens.WALLX);
    await send(f.tokens.WALLX, addressOf(fresh!), 300n);
    await send(f.tokens.WALLX, addressOf(deployed!), 20n);
    const before = await balanceOf(f.tokens.WALLX, destination);

    const { events } = await sweep([fresh!, deployed!, empty!], f.tokens.WALLX);

    expect(events.map((e) => [e.forwarder, e.amount, e.deployed])).toEqual([
      [addressOf(fresh!), 300n, true],
      [addressOf(deployed!), 20n, false],
      [addressOf(empty!), 0n, true],
    ]);
    expect((await balanceOf(f.tokens.WALLX, destination)) - before).toBe(320n);
  });

  it('sweeping an address that holds nothing moves 0 and does not revert (a batch survives an address swept by someone else first)', async () => {
    const user = '121';
    const first = await sweep([user], f.tokens.USDT);
    expect(first.events.map((e) => [e.amount, e.deployed])).toEqual([[0n, true]]);
    const again = await sweep([user], f.tokens.USDT);
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
        f.client.readContract({ address: token, abi: artifact('TestReentrantToken').abi, functionName });
      return { ok: await read('lastOk'), result: await read('lastResult'), calls: await read('nestedCalls') };
    };
    const errorData = (errorName: string) => encodeErrorResult({ abi: sweepAbi, errorName });

    it('cannot sweep again from inside a sweep, of this address or another: the nested call is refused and everything moves once', async () => {
      const token = await deploy('TestReentrantToken');
      const [victim, other] = ['161', '162'];
      await mint(token, addressOf(victim!), 1000n);
      await mint(token, addressOf(other!), 50n);
      await send(f.tokens.USDT, addressOf(other!), 5n);
      for (const nested of [
        encodeFunctionData({ abi: factoryAbi, functionName: 'sweep', args: [depositSalt(victim!), token] }),
        encodeFunctionData({ abi: factoryAbi, functionName: 'sweep', args: [depositSalt(other!), f.tokens.USDT] }),
        encodeFunctionData({
          abi: factoryAbi,
          functionName: 'sweepMany',
          args: [[depositSalt(victim!), depositSalt(other!)], token],
        }),
      ]) {
        await arm(token, f.factory.address, nested, true);
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
      expect(await balanceOf(f.tokens.USDT, addressOf(other!))).toBe(5n);
      // The factory is not left locked: ordinary sweeps go on.
      await arm(token, zeroAddress, '0x', false);
      const { events } = await sweep([victim!, other!], token);
      expect(events.map((e) => e.amount)).toEqual([0n, 50n]);
    });

    it("cannot call the clone's forward itself (only the factory may): refused, and the sweep moves its balance once", async () => {
      const token = await deploy('TestReentrantToken');
      const user = '163';
      await mint(token, addressOf(user), 400n);
      await send(f.tokens.USDT, addressOf(user), 9n);
      // Inside the first sweep the clone exists: the token tries to have it send its USDT to the stranger.
      await arm(
        token,
        addressOf(user),
        encodeFunctionData({ abi: forwarderAbi, functionName: 'forward', args: [f.tokens.USDT, stranger.address] }),
        true,
      );
      const { events } = await sweep([user], token);
      expect(events.map((e) => [e.amount, e.deployed])).toEqual([[400n, true]]);
      expect(await lastCall(token)).toEqual({ ok: false, result: errorData('NotFactory'), calls: 1n });
      expect(await balanceOf(token, destination)).toBe(400n);
      expect(await balanceOf(f.tokens.USDT, addressOf(user))).toBe(9n);
    });

    it('when it does not catch the refusal, its transfer fails and the whole sweep reverts: nothing deployed, nothing moved', async () => {
      const token = await deploy('TestReentrantToken');
      const user = '164';
      await mint(token, addressOf(user), 300n);
      await arm(
        token,
        f.factory.address,
        encodeFunctionData({ abi: factoryAbi, functionName: 'sweep', args: [depositSalt(user), token] }),
        false,
      );
      expect(await sweepRevert(user, token)).toEqual({ errorName: 'TransferFailed', args: [token] });
      expect(await hasCode(addressOf(user))).toBe(false);
      expect(await balanceOf(token, addressOf(user))).toBe(300n);
    });
  });

  it('the implementation cannot be used: forward refuses anyone but the factory, and it refuses BNB', async () => {
    expect(await f.client.getBalance({ address: f.factory.implementation })).toBe(0n);
    expect(
      await revertOf(() =>
        f.client.simulateContract({
          account: stranger,
          address: f.factory.implementation,
          abi: forwarderAbi,
          functionName: 'forward',
          args: [f.tokens.USDT, stranger.address],
        }),
      ),
    ).toBe('NotFactory');
    await expect(
      walletOf(stranger).sendTransaction({ to: f.factory.implementation, value: parseEther('1') }),
    ).rejects.toThrow();
    expect(await f.client.getBalance({ address: f.factory.implementation })).toBe(0n);
  });

  it("a deployed clone's forward refuses anyone but the factory: its tokens stay for the next sweep", async () => {
    const user = '171';
    const address = addressOf(user);
    await sweep([user], f.tokens.USDT);
    await send(f.tokens.USDT, address, 33n);
    for (const account of [stranger, exchange, devAccount(LOCAL_ROLES.hotWallet)]) {
      expect(
        await revertOf(() =>
          f.client.simulateContract({
            account,
            address,
            abi: forwarderAbi,
            functionName: 'forward',
            args: [f.tokens.USDT, account.address],
          }),
        ),
      ).toBe('NotFactory');
    }
    expect(await balanceOf(f.tokens.USDT, address)).toBe(33n);
  });

  it('BNB sent to a deposit address, before or after its clone exists, is swept with token 0; token sweeps leave it', async () => {
    const user = '181';
    const address = addressOf(user);
    const pay = async (value: bigint) => mined(await walletOf(exchange).sendTransaction({ to: address, value }));
    await pay(parseEther('1'));
    await send(f.tokens.USDT, address, 5n);
    const tokenSweep = await sweep([user], f.tokens.USDT);
    expect(tokenSweep.events.map((e) => [e.token, e.amount, e.deployed])).toEqual([[f.tokens.USDT, 5n, true]]);
    expect(await f.client.getBalance({ address })).toBe(parseEther('1'));

    const before = await f.client.getBalance({ address: destination });
    const first = await sweep([user], zeroAddress);
    expect(first.events.map((e) => [e.token, e.amount, e.deployed])).toEqual([[zeroAddress, parseEther('1'), false]]);
    expect(await f.client.getBalance({ address })).toBe(0n);
    // The stranger paid the gas; the destination received exactly what the address held.
    expect((await f.client.getBalance({ address: destination })) - before).toBe(parseEther('1'));

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
    const rpc = f.client as unknown as Parameters<typeof readDepositFactory>[0];
    expect(await readDepositFactory(rpc, f.factory.address)).toEqual(f.factory);
    await expect(readDepositFactory(rpc, f.tokens.USDT)).rejects.toThrow(
      `DEPOSIT_FACTORY_ADDRESS ${f.tokens.USDT} answers no implementation(): is it the deposit factory?`,
    );
  });

  it('refuses a factory without a destination', async () => {
    const { abi, bytecode } = artifact('DepositFactory');
    await expect(walletOf(stranger).deployContract({ abi, bytecode, args: [zeroAddress] })).rejects.toThrow(
      /ZeroDestination|revert/,
    );
  });
});
