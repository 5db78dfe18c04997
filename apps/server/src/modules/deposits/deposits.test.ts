import { sql } from 'kysely';
import { encodeFunctionData, erc20Abi, http, parseUnits, createWalletClient } from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { plus } from '@wallx/shared';
import { openChain, type ChainContext } from '../../platform/chain/context.js';
import { loadConfig } from '../../platform/config/config.js';
import { buildTestApp, checkBooks, login, testConfig, type TestApp } from '../../test/helpers.js';
import { chainMoves, testClient, type Anvil } from './deposits.fixtures.js';

describe('deposits credited from the chain only', () => {
  let chain: ChainContext;
  let t: TestApp;
  let user: Awaited<ReturnType<typeof login>>;
  // Each test acts as wallets of its own, funded on chain by the dev account (which acts as no user):
  // `wallet` is the registered user, `stranger` a wallet the platform does not know.
  let wallet: PrivateKeyAccount;
  let stranger: PrivateKeyAccount;
  let anvil: Anvil;
  let moves: ReturnType<typeof chainMoves>;

  beforeAll(async () => {
    chain = await openChain(loadConfig({ CONFIRMATIONS: '3' }).chain);
    anvil = testClient(chain.rpcUrl);
    moves = chainMoves(chain, anvil);
    t = await buildTestApp({ chain });
  });
  beforeEach(async () => {
    wallet = await funded();
    stranger = await funded();
    user = await login(t.app, wallet);
  });
  afterAll(async () => {
    await t.close();
    await chain.stop();
  });

  const funded = () => moves.funded();
  const send = (...args: Parameters<typeof moves.send>) => moves.send(...args);

  const report = (asset: string, tx_hash: string) => t.injectAs(user, 'POST /api/funds/recharge', { asset, tx_hash });
  const balance = async () => (await t.injectAs(user, 'GET /api/user/info')).json().data.balance;
  const storedCursor = async (database = t.database) => {
    const row = await database.db
      .selectFrom('chain_cursors')
      .select('block_number')
      .where('name', 'like', 'deposits:%')
      .executeTakeFirstOrThrow();
    return BigInt(row.block_number);
  };

  it('answers the chain settings the app needs', async () => {
    const config = (await t.app.inject({ method: 'GET', url: '/api/funds/recharge/config' })).json().data;
    expect(config).toMatchObject({
      chain_id: 31337,
      rpc_url: chain.rpcUrl,
      deposit_address: chain.depositAddress,
      confirmations: 3,
    });
    expect(config.tokens.USDT).toEqual({ address: chain.tokens.USDT, decimals: 18 });
  });

  it('a reported deposit waits for its confirmations, then is credited once however often reported', async () => {
    const hash = await send(wallet, chain.tokens.USDT, chain.depositAddress, '100');
    const first = (await report('USDT', hash)).json().data;
    expect(first).toMatchObject({ status: 'confirming', confirmations: 1, required_confirmations: 3 });
    expect(await balance()).toEqual({ usdt: '0', wallx: '0' });

    await anvil.mine({ blocks: 2 });
    const credited = (await report('USDT', hash)).json().data;
    expect(credited).toMatchObject({ status: 'credited', amount: '100' });
    expect((await report('USDT', hash)).json().data.status).toBe('credited');
    await t.app.deposits!.scanOnce();
    expect(await balance()).toEqual({ usdt: '100', wallx: '0' });
    expect((await checkBooks(t.database)).problems).toEqual([]);
  });

  it('the scanner counts a report’s confirmations up, each told on the user’s stream, then the credit', async () => {
    const hash = await send(wallet, chain.tokens.USDT, chain.depositAddress, '4');
    expect((await report('USDT', hash)).json().data).toMatchObject({ status: 'confirming', confirmations: 1 });
    await anvil.mine({ blocks: 1 });
    await t.app.deposits!.scanOnce();
    // Nothing new on chain: a pass tells nothing more.
    await t.app.deposits!.scanOnce();
    await anvil.mine({ blocks: 1 });
    await t.app.deposits!.scanOnce();
    const told = await t.database.db
      .selectFrom('user_events')
      .select('payload')
      .where('type', '=', 'deposit')
      .where(sql<boolean>`payload->>'tx_hash' = ${hash.toLowerCase()}`)
      .orderBy('seq')
      .execute();
    expect(told.map(({ payload }) => payload)).toEqual([
      // The amount from the receipt, while it confirms (decision 126).
      expect.objectContaining({ status: 'confirming', confirmations: 1, required_confirmations: 3, amount: '4' }),
      expect.objectContaining({ status: 'confirming', confirmations: 2, amount: '4' }),
      expect.objectContaining({ status: 'credited', confirmations: 3, amount: '4' }),
    ]);
    expect((await checkBooks(t.database)).problems).toEqual([]);
  });

  it('the scanner credits a deposit nobody reported, once, and moves its cursor', async () => {
    await send(wallet, chain.tokens.WALLX, chain.depositAddress, '7.5');
    await anvil.mine({ blocks: 3 });
    const scanned = await t.app.deposits!.scanOnce();
    // Read through the confirmed head (3 confirmations: head − 2), and the stored cursor says so.
    const head = await anvil.getBlockNumber();
    expect(scanned).toMatchObject({ to: head - 2n, credited: 1 });
    expect(await storedCursor()).toBe(head - 2n);
    // Nothing new: nothing read, nothing credited, the cursor stays.
    expect(await t.app.deposits!.scanOnce()).toMatchObject({ from: head - 1n, to: head - 2n, credited: 0 });
    expect(await storedCursor()).toBe(head - 2n);
    // One more block: exactly that block is read and the cursor moves onto it.
    await anvil.mine({ blocks: 1 });
    expect(await t.app.deposits!.scanOnce()).toMatchObject({ from: head - 1n, to: head - 1n, credited: 0 });
    expect(await storedCursor()).toBe(head - 1n);
    expect((await balance()).wallx).toBe('7.5');
    const list = (await t.injectAs(user, 'GET /api/funds/recharges')).json().data.items;
    expect(list.map((d: { asset: string; status: string; amount: string }) => [d.asset, d.status, d.amount])).toEqual([
      ['WALLX', 'credited', '7.5'],
    ]);
  });

  it('one scanner at a time; after a crash another instance resumes from the stored cursor', async () => {
    await t.app.deposits!.scanOnce();
    const other = await buildTestApp({ chain, database: t.database });
    try {
      expect(await other.app.deposits!.scanOnce()).toBeNull();
      const cursor = await t.database.db
        .selectFrom('chain_cursors')
        .select('block_number')
        .where('name', 'like', 'deposits:%')
        .executeTakeFirstOrThrow();
      const before = await balance();
      await send(wallet, chain.tokens.WALLX, chain.depositAddress, '3');
      await anvil.mine({ blocks: 3 });
      // The first instance dies holding the lease; the lease runs out.
      await sql`update job_leases set expires_at = now() - interval '1 second' where name like 'deposits:%'`.execute(
        t.database.db,
      );
      const resumed = await other.app.deposits!.scanOnce();
      expect(resumed).toMatchObject({ from: BigInt(cursor.block_number) + 1n, credited: 1 });
      expect(await t.app.deposits!.scanOnce()).toBeNull();
      expect((await balance()).wallx).toBe(plus(before.wallx, '3'));
    } finally {
      await other.close();
    }
  });

  it('reads at most SCAN_BLOCK_RANGE blocks a time, and credits a deposit when its block is reached', async () => {
    const capped = await buildTestApp({ chain: { ...chain, scanBlockRange: 2 } });
    try {
      const depositor = await login(capped.app, stranger);
      const start = await anvil.getBlockNumber();
      const deposit = await send(stranger, chain.tokens.USDT, chain.depositAddress, '4');
      await anvil.mine({ blocks: 3 });
      const reached = (await anvil.getTransactionReceipt({ hash: deposit })).blockNumber;
      let last = -1n;
      let creditedAt: bigint | null = null;
      // From genesis (a local chain), two blocks a time, each range right after the one before.
      for (let scans = 0; scans < 200 && last < start + 2n; scans++) {
        const range = await capped.app.deposits!.scanOnce();
        expect(range!.from).toBe(last + 1n);
        expect(range!.to - range!.from).toBeLessThanOrEqual(1n);
        if (range!.credited > 0) creditedAt = range!.to;
        last = range!.to;
      }
      expect(creditedAt !== null && creditedAt >= reached && creditedAt - reached <= 1n).toBe(true);
      expect(await storedCursor(capped.database)).toBe(last);
      const credited = (await capped.injectAs(depositor, 'GET /api/user/info')).json().data.balance.usdt;
      expect(credited).toBe('4');
    } finally {
      await capped.close();
    }
  });

  it('on a public chain, a first start reads from the confirmed head, not from genesis', async () => {
    const fresh = await buildTestApp({ chain: { ...chain, kind: 'bsc-testnet' as ChainContext['kind'] } });
    try {
      const head = await anvil.getBlockNumber();
      const first = await fresh.app.deposits!.scanOnce();
      // The block before the confirmed head is taken as read: history is not rescanned.
      expect(first).toMatchObject({ from: head - 2n, to: head - 2n });
      expect(await storedCursor(fresh.database)).toBe(head - 2n);
    } finally {
      await fresh.close();
    }
  });

  it('refuses what is not a deposit of this user: wrong recipient, wrong token, another sender, unknown hash', async () => {
    const before = await balance();
    const elsewhere = await send(wallet, chain.tokens.USDT, stranger.address, '5');
    const other = await send(stranger, chain.tokens.USDT, chain.depositAddress, '5');
    await anvil.mine({ blocks: 3 });
    expect((await report('USDT', elsewhere)).json().data).toMatchObject({ status: 'invalid', reason: 'not_a_deposit' });
    expect((await report('WALLX', other)).json().data).toMatchObject({ status: 'invalid', reason: 'not_a_deposit' });
    expect((await report('USDT', other)).json().data).toMatchObject({ status: 'invalid', reason: 'other_sender' });
    expect((await report('USDT', `0x${'ab'.repeat(32)}`)).json().data).toMatchObject({ status: 'pending' });
    await t.app.deposits!.scanOnce();
    // The stranger is not a registered user: nothing is credited to anyone.
    expect(await balance()).toEqual(before);
    expect((await checkBooks(t.database)).problems).toEqual([]);
  });

  it('a reverted transaction is reported as failed and credits nothing', async () => {
    const before = await balance();
    const client = createWalletClient({ account: wallet, chain: foundry, transport: http(chain.rpcUrl) });
    // transferFrom without an allowance reverts; an explicit gas limit skips the wallet's simulation.
    const hash = await client.sendTransaction({
      to: chain.tokens.USDT,
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: 'transferFrom',
        args: [stranger.address, chain.depositAddress, parseUnits('5', 18)],
      }),
      gas: 100_000n,
    });
    const receipt = await anvil.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    expect(receipt.status).toBe('reverted');
    await anvil.mine({ blocks: 3 });
    expect((await report('USDT', hash)).json().data).toMatchObject({ status: 'failed', reason: 'reverted' });
    await t.app.deposits!.scanOnce();
    expect(await balance()).toEqual(before);
  });

  it('names a bad hash or asset', async () => {
    expect((await report('USDT', '0x1234')).json()).toMatchObject({ code: 1001, data: { field: 'tx_hash' } });
    expect((await report('BTC', `0x${'ab'.repeat(32)}`)).json()).toMatchObject({
      code: 1001,
      data: { field: 'asset' },
    });
  });

  it('a deposit whose block is reorganised away before its confirmations is never credited', async () => {
    await t.app.deposits!.scanOnce();
    const before = await balance();
    const snapshot = await anvil.snapshot();
    const hash = await send(wallet, chain.tokens.USDT, chain.depositAddress, '50');
    expect((await report('USDT', hash)).json().data.status).toBe('confirming');
    await anvil.revert({ id: snapshot });
    await anvil.mine({ blocks: 5 });
    expect((await report('USDT', hash)).json().data.status).toBe('pending');
    await t.app.deposits!.scanOnce();
    expect(await balance()).toEqual(before);
  });

  it('caps a user’s unsettled reports and the pace of reports, before asking the chain', async () => {
    const limited = await buildTestApp({
      chain,
      database: t.database,
      config: { rateLimit: { ...testConfig.rateLimit, unresolvedDepositReports: 3, depositReportsPerMinute: 6 } },
    });
    try {
      const spammer = await login(limited.app);
      const reportAs = (tx_hash: string) =>
        limited.injectAs(spammer, 'POST /api/funds/recharge', { asset: 'USDT', tx_hash });
      const madeUp = (i: number) => `0x${i.toString(16).padStart(64, 'c')}`;
      const getReceipt = chain.client.getTransactionReceipt;
      let lookups = 0;
      chain.client.getTransactionReceipt = ((args: Parameters<typeof getReceipt>[0]) => {
        lookups++;
        return getReceipt(args);
      }) as typeof getReceipt;
      try {
        // Made-up hashes stay pending: three are allowed, a fourth is refused without an RPC call.
        for (let i = 0; i < 3; i++) expect((await reportAs(madeUp(i))).json().data.status).toBe('pending');
        expect(lookups).toBe(3);
        const fourth = await reportAs(madeUp(3));
        expect(fourth.statusCode).toBe(429);
        expect(fourth.json()).toMatchObject({ code: 3017, data: { field: 'tx_hash' } });
        expect(lookups).toBe(3);
        // A hash already reported may still be asked about (the app polls it)…
        expect((await reportAs(madeUp(0))).statusCode).toBe(200);
        expect((await reportAs(madeUp(1))).statusCode).toBe(200);
        // …up to the per-user pace.
        const seventh = await reportAs(madeUp(2));
        expect(seventh.statusCode).toBe(429);
        expect(seventh.json().code).toBe(1004);
      } finally {
        chain.client.getTransactionReceipt = getReceipt;
      }
    } finally {
      await limited.app.close();
    }
  });

  // Only reports the chain had not settled were counted: real hashes of strangers' transfers, each a
  // few RPC calls, could be reported without end.
  it('counts reports of others’ transactions against the cap as surely as unsettled ones', async () => {
    const limited = await buildTestApp({
      chain,
      database: t.database,
      config: { rateLimit: { ...testConfig.rateLimit, unresolvedDepositReports: 2 } },
    });
    try {
      const reporter = await login(limited.app);
      const reportAs = (tx_hash: string) =>
        limited.injectAs(reporter, 'POST /api/funds/recharge', { asset: 'USDT', tx_hash });
      const foreign = [];
      for (let i = 0; i < 3; i++) foreign.push(await send(stranger, chain.tokens.USDT, chain.depositAddress, '1'));
      await anvil.mine({ blocks: 3 });
      expect((await reportAs(foreign[0]!)).json().data).toMatchObject({ status: 'invalid', reason: 'other_sender' });
      expect((await reportAs(foreign[1]!)).json().data).toMatchObject({ status: 'invalid', reason: 'other_sender' });
      const third = await reportAs(foreign[2]!);
      expect(third.statusCode).toBe(429);
      expect(third.json()).toMatchObject({ code: 3017, data: { field: 'tx_hash' } });
    } finally {
      await limited.app.close();
    }
  });

  it('pages a user’s deposits newest first by a cursor that moves, and refuses a cursor it did not write', async () => {
    const reporter = await login(t.app);
    const madeUp = (i: number) => `0x${i.toString(16).padStart(64, 'e')}`;
    for (let i = 0; i < 5; i++) {
      const reported = await t.injectAs(reporter, 'POST /api/funds/recharge', { asset: 'USDT', tx_hash: madeUp(i) });
      // The answer is this deposit, however many the user reported before it.
      expect(reported.json().data).toMatchObject({ tx_hash: madeUp(i), status: 'pending' });
    }
    const pageAt = async (cursor?: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/funds/recharges',
          headers: reporter.auth,
          query: { limit: '2', ...(cursor && { cursor }) },
        })
      ).json().data;
    const seen: string[] = [];
    const cursors: string[] = [];
    let page = await pageAt();
    // Bounded: a cursor that never moved would otherwise page forever.
    for (let pages = 0; pages < 5; pages++) {
      seen.push(...page.items.map((d: { tx_hash: string }) => d.tx_hash));
      if (!page.next_cursor) break;
      cursors.push(page.next_cursor);
      page = await pageAt(page.next_cursor);
    }
    // Newest first, each once: 2 + 2 + 1, and each cursor differs from the one before.
    expect(seen).toEqual([4, 3, 2, 1, 0].map(madeUp));
    expect(cursors).toHaveLength(2);
    expect(new Set(cursors).size).toBe(2);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/funds/recharges',
      headers: reporter.auth,
      query: { cursor: 'bm90LWEtY3Vyc29y' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data).toEqual({ field: 'cursor' });
  });

  it('the platform deposits account matches what registered users sent to the deposit address on chain', async () => {
    await anvil.mine({ blocks: 3 });
    await t.app.deposits!.scanOnce();
    const logs = await anvil.getContractEvents({
      address: [chain.tokens.USDT, chain.tokens.WALLX],
      abi: erc20Abi,
      eventName: 'Transfer',
      args: { to: chain.depositAddress },
      fromBlock: 0n,
    });
    const registered = new Set(
      (await t.database.db.selectFrom('users').select('address').execute()).map((u) => u.address),
    );
    const fromUsers = logs.filter((l) => registered.has(l.args.from!.toLowerCase()));
    expect(fromUsers.length).toBeGreaterThan(0);
    for (const asset of ['USDT', 'WALLX'] as const) {
      const sent = fromUsers
        .filter((l) => l.address.toLowerCase() === chain.tokens[asset].toLowerCase())
        .reduce((sum, l) => sum + l.args.value!, 0n);
      const { rows } = await sql<{ total: string }>`select coalesce(trim_scale(-sum(e.amount)), 0)::text as total
        from ledger_entries e join accounts a on a.id = e.account_id where a.kind = 'deposits' and a.asset = ${asset}`.execute(
        t.database.db,
      );
      expect(parseUnits(rows[0]!.total, 18), asset).toBe(sent);
    }
  });
});
