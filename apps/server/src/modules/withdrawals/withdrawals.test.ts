import { sql } from 'kysely';
import {
  createTestClient,
  createWalletClient,
  encodeAbiParameters,
  erc20Abi,
  http,
  keccak256,
  parseUnits,
  publicActions,
  TransactionReceiptNotFoundError,
} from 'viem';
import { foundry } from 'viem/chains';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openChain, type ChainContext } from '../../chain/context.js';
import { loadConfig } from '../../config.js';
import {
  buildTestApp,
  checkBooks,
  operatorLogin,
  type Session,
  type TestApp,
  testOperators,
} from '../../test/helpers.js';

describe('withdrawals paid on chain', () => {
  let chain: ChainContext;
  let t: TestApp;
  let finance: { authorization: string };
  let anvil: ReturnType<typeof testClient>;
  let base: string;
  const testClient = (rpcUrl: string) =>
    createTestClient({ chain: foundry, mode: 'anvil', transport: http(rpcUrl), cacheTime: 0 }).extend(publicActions);

  beforeAll(async () => {
    chain = await openChain(
      loadConfig({
        CONFIRMATIONS: '2',
        WITHDRAW_MIN_USDT: '20',
        WITHDRAW_FEE_USDT: '1.5',
        WITHDRAW_REVIEW_USDT: '1000',
        WITHDRAW_HOURLY_CAP_USDT: '100000000',
      }).chain,
    );
    anvil = testClient(chain.rpcUrl);
    t = await buildTestApp({ chain });
    finance = await operatorLogin(t.app, 'finance');
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
    await chain.stop();
  });

  const withdraw = (who: Session, amount: string, headers: Record<string, string> = {}) =>
    t.injectAs(who, 'POST /api/funds/withdraw', { asset: 'USDT', amount, fund_password: 'pass-123' }, headers);
  const onChain = (address: `0x${string}`) =>
    anvil.readContract({ address: chain.tokens.USDT, abi: erc20Abi, functionName: 'balanceOf', args: [address] });
  const balance = async (auth: { authorization: string }) =>
    (await t.injectAs(auth, 'GET /api/user/info')).json().data.balance;

  it('checks the amount, the fee and the balance with the spec’s messages', async () => {
    const user = await t.userWith({ usdt: '100', fundPassword: 'pass-123' });
    expect((await withdraw(user, '25')).json()).toMatchObject({
      code: 3014,
      message: 'Withdrawal amount must be a multiple of 10',
      data: { field: 'amount' },
    });
    expect((await withdraw(user, '10')).json()).toMatchObject({
      code: 3012,
      message: 'Withdrawal amount too small',
    });
    expect((await withdraw(user, '110')).json()).toMatchObject({
      code: 3002,
      message: 'Insufficient USDT balance',
    });
    expect((await withdraw(user, '100')).json()).toMatchObject({
      code: 3004,
      message: 'balance insufficient for fee',
    });
    expect((await withdraw(user, '1.5')).json()).toMatchObject({ code: 1001, data: { field: 'amount' } });
    expect(await balance(user.auth)).toEqual({ usdt: '100', wallx: '0' });
  });

  it('six withdrawals of 280 at once without a key, from 281.5: one is accepted, and the chain pays exactly what the books debited', async () => {
    const user = await t.userWith({ usdt: '281.5', fundPassword: 'pass-123' });
    const address = user.account.address;
    const before = await onChain(address);
    // As a script sends them: no Idempotency-Key, all at once, over real HTTP.
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        fetch(`${base}/api/funds/withdraw`, {
          method: 'POST',
          headers: { ...user.auth, 'content-type': 'application/json' },
          body: JSON.stringify({ asset: 'USDT', amount: '280', fund_password: 'pass-123' }),
        }).then(async (r) => ({ status: r.status, body: (await r.json()) as { code: number } })),
      ),
    );
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(1);
    expect(new Set(answers.filter((a) => a.body.code !== 0).map((a) => `${a.status}/${a.body.code}`))).toEqual(
      new Set(['409/3002']),
    );
    const rows = await t.database.db
      .selectFrom('withdrawals')
      .select(['id', 'status'])
      .where('to_address', '=', address.toLowerCase())
      .execute();
    expect(rows).toHaveLength(1);
    expect(await balance(user.auth)).toEqual({ usdt: '0', wallx: '0' });

    await t.app.payouts!.processOnce();
    await anvil.mine({ blocks: 2 });
    await t.app.payouts!.processOnce();
    expect(await onChain(address)).toBe(before + parseUnits('280', 18));
    expect((await checkBooks(t.database)).problems).toEqual([]);
  });

  it('takes amount and fee at once, pays the user’s own address from the hot wallet, completes after confirmations', async () => {
    const user = await t.userWith({ usdt: '100', fundPassword: 'pass-123' });
    const address = user.account.address;
    const before = await onChain(address);
    const response = await withdraw(user, '50', { 'idempotency-key': 'w-1' });
    expect(response.json().data.withdrawal).toMatchObject({
      status: 'queued',
      amount: '50',
      fee: '1.5',
      to_address: address.toLowerCase(),
    });
    expect((await withdraw(user, '50', { 'idempotency-key': 'w-1' })).json().data.withdrawal.id).toBe(
      response.json().data.withdrawal.id,
    );
    expect(await balance(user.auth)).toEqual({ usdt: '48.5', wallx: '0' });

    expect(await t.app.payouts!.processOnce()).toMatchObject({ paid: 1 });
    const list = (await t.injectAs(user, 'GET /api/funds/withdrawals')).json().data.items;
    expect(list[0]).toMatchObject({ status: 'broadcast', tx_hash: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    await anvil.mine({ blocks: 2 });
    expect(await t.app.payouts!.processOnce()).toMatchObject({ completed: 1 });
    expect(await onChain(address)).toBe(before + parseUnits('50', 18));
    const records = (await t.injectAs(user, 'GET /api/funds/records')).json().data.items;
    expect(records.slice(0, 2).map((r: { type: string; amount: string }) => [r.type, r.amount])).toEqual([
      ['withdrawal_fee', '-1.5'],
      ['withdrawal', '-50'],
    ]);
    expect((await checkBooks(t.database)).problems).toEqual([]);
  });

  it('a payout signed and stored but never broadcast (a crash) is sent again as the same bytes: paid once', async () => {
    const user = await t.userWith({ usdt: '100', fundPassword: 'pass-123' });
    const address = user.account.address;
    const before = await onChain(address);
    await withdraw(user, '30');
    const send = chain.client.sendRawTransaction;
    chain.client.sendRawTransaction = (async () => {
      throw new Error('process killed before broadcast');
    }) as typeof send;
    await expect(t.app.payouts!.processOnce()).rejects.toThrow('killed');
    chain.client.sendRawTransaction = send;
    const stored = await t.database.db.selectFrom('withdrawal_transactions').selectAll().execute();
    await t.app.payouts!.processOnce();
    await anvil.mine({ blocks: 2 });
    await t.app.payouts!.processOnce();
    await t.app.payouts!.processOnce();
    expect(await onChain(address)).toBe(before + parseUnits('30', 18));
    expect((await t.database.db.selectFrom('withdrawal_transactions').selectAll().execute()).length).toBe(
      stored.length,
    );
    const [latest] = (await t.injectAs(user, 'GET /api/funds/withdrawals')).json().data.items;
    expect(latest.status).toBe('completed');
  });

  it('above the threshold waits for an operator: reject refunds amount and fee, with an audit record', async () => {
    const user = await t.userWith({ usdt: '5000', fundPassword: 'pass-123' });
    const w = (await withdraw(user, '2000')).json().data.withdrawal;
    expect(w.status).toBe('pending_review');
    expect(await t.app.payouts!.processOnce()).toMatchObject({ paid: 0 });
    const review = async (decision: string, headers: { authorization: string } = finance) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/withdrawals/${w.id}/review`,
        headers,
        payload: { decision, note: 'kyc' },
      });
    expect((await review('reject', { authorization: 'Bearer forged' })).json()).toMatchObject({ code: 8002 });
    expect((await review('reject', user.auth)).statusCode).toBe(401);
    expect((await review('reject', await operatorLogin(t.app, 'support'))).json()).toMatchObject({ code: 1006 });
    expect((await review('reject')).json().data.status).toBe('rejected');
    expect((await review('approve')).json()).toMatchObject({ code: 3016 });
    expect(await balance(user.auth)).toEqual({ usdt: '5000', wallx: '0' });
    const audit = await t.database.db.selectFrom('operator_audit').selectAll().where('subject_id', '=', w.id).execute();
    expect(audit.map((a) => [a.operator, a.action])).toEqual([
      [testOperators.finance.address.toLowerCase(), 'withdrawal.reject'],
    ]);
    expect((await checkBooks(t.database)).problems).toEqual([]);
  });

  it('approved but more than the hot wallet holds: stays queued, nothing lost', async () => {
    const user = await t.userWith({ usdt: '2000000', fundPassword: 'pass-123' });
    const w = (await withdraw(user, '1500000')).json().data.withdrawal;
    // Four eyes: one finance operator proposes, another (the admin here) approves.
    const proposal = (
      await t.injectAs(finance, 'POST /api/admin/proposals', {
        kind: 'withdrawal.approve',
        subject_id: w.id,
        reason: 'large but known',
      })
    ).json().data;
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/admin/proposals/${proposal.id}/approve`,
      headers: await operatorLogin(t.app, 'admin'),
    });
    expect(approved.json().data.subject.status).toBe('queued');
    const audit = await t.database.db
      .selectFrom('operator_audit')
      .selectAll()
      .where('subject_type', '=', 'withdrawal')
      .where('subject_id', '=', w.id)
      .execute();
    expect(audit.map((a) => [a.operator, a.action])).toEqual([
      [testOperators.admin.address.toLowerCase(), 'withdrawal.approve'],
    ]);
    expect(await t.app.payouts!.processOnce()).toMatchObject({ paid: 0 });
    const [latest] = (await t.injectAs(user, 'GET /api/funds/withdrawals')).json().data.items;
    expect(latest.status).toBe('queued');
    expect(await balance(user.auth)).toEqual({ usdt: '499998.5', wallx: '0' });
  });

  /** Sets the hot wallet's USDT balance in the token's storage (balanceOf is slot 3 of TestToken): something else moved its tokens. */
  async function setHotUsdt(value: bigint) {
    const slot = keccak256(
      encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [chain.hotWallet.address, 3n]),
    );
    await anvil.setStorageAt({
      address: chain.tokens.USDT,
      index: slot,
      value: `0x${value.toString(16).padStart(64, '0')}`,
    });
    expect(await onChain(chain.hotWallet.address)).toBe(value);
  }

  it('a payout the chain reverts (the hot wallet ran short between check and mining) is refunded in full, only after the confirmations', async () => {
    const hot = await onChain(chain.hotWallet.address);
    const user = await t.userWith({ usdt: '100', fundPassword: 'pass-123' });
    const w = (await withdraw(user, '50')).json().data.withdrawal;
    await anvil.setAutomine(false);
    try {
      expect(await t.app.payouts!.processOnce()).toMatchObject({ paid: 1 });
      await setHotUsdt(parseUnits('10', 18));
      await anvil.mine({ blocks: 1 });
    } finally {
      await anvil.setAutomine(true);
      await setHotUsdt(hot);
    }
    const [tx] = await transactionsOf(w.id);
    expect((await anvil.getTransactionReceipt({ hash: tx!.tx_hash as `0x${string}` })).status).toBe('reverted');
    // Reverted in the newest block: one confirmation of two. A reorg could still mine the same signed bytes with success.
    expect(await t.app.payouts!.processOnce()).toMatchObject({ refunded: 0, completed: 0 });
    expect(
      (await t.database.db.selectFrom('withdrawals').select('status').where('id', '=', w.id).executeTakeFirstOrThrow())
        .status,
    ).toBe('broadcast');
    expect(await balance(user.auth)).toEqual({ usdt: '48.5', wallx: '0' });
    await anvil.mine({ blocks: 1 });
    expect(await t.app.payouts!.processOnce()).toMatchObject({ refunded: 1 });
    expect(
      (await t.database.db.selectFrom('withdrawals').select('status').where('id', '=', w.id).executeTakeFirstOrThrow())
        .status,
    ).toBe('refunded');
    expect(await balance(user.auth)).toEqual({ usdt: '100', wallx: '0' });
    expect((await checkBooks(t.database)).problems).toEqual([]);
  });

  it('payouts that each fit the hot wallet but not together: one goes out per what the pass already sent, the other waits queued (no revert, no gas spent)', async () => {
    const hot = await onChain(chain.hotWallet.address);
    // Lowered for this test, so that two ordinary payouts cannot both be covered.
    await setHotUsdt(parseUnits('100', 18));
    try {
      const a = await t.userWith({ usdt: '100', fundPassword: 'pass-123' });
      const b = await t.userWith({ usdt: '100', fundPassword: 'pass-123' });
      const ids: string[] = [];
      for (const u of [a, b]) ids.push((await withdraw(u, '60')).json().data.withdrawal.id);
      const sentBefore = await t.database.db
        .selectFrom('withdrawal_transactions')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      // Both would go out before either is mined (as on BSC, where a block takes seconds).
      await anvil.setAutomine(false);
      try {
        expect(await t.app.payouts!.processOnce()).toMatchObject({ paid: 1 });
        // Not mined yet: the next pass still counts it against the balance.
        expect(await t.app.payouts!.processOnce()).toMatchObject({ paid: 0 });
      } finally {
        await anvil.setAutomine(true);
      }
      const sentAfter = await t.database.db
        .selectFrom('withdrawal_transactions')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(sentAfter.n) - Number(sentBefore.n)).toBe(1);
      await anvil.mine({ blocks: 2 });
      expect(await t.app.payouts!.processOnce()).toMatchObject({ completed: 1, paid: 0, refunded: 0 });
      const statuses = await t.database.db
        .selectFrom('withdrawals')
        .select(['id', 'status'])
        .where('id', 'in', ids)
        .orderBy('id')
        .execute();
      expect(statuses.map((w) => w.status)).toEqual(['completed', 'queued']);
      // Topped up, the second is paid.
      await setHotUsdt(parseUnits('100', 18));
      expect(await t.app.payouts!.processOnce()).toMatchObject({ paid: 1 });
      await anvil.mine({ blocks: 2 });
      expect(await t.app.payouts!.processOnce()).toMatchObject({ completed: 1 });
      expect((await checkBooks(t.database)).problems).toEqual([]);
    } finally {
      // What the two payouts took left the hot wallet, as in every other test.
      await setHotUsdt(hot - parseUnits('120', 18));
    }
  });

  it('a payout stuck unmined is replaced at the same nonce with more gas, and paid once', async () => {
    const user = await t.userWith({ usdt: '100', fundPassword: 'pass-123' });
    const address = user.account.address;
    const before = await onChain(address);
    await withdraw(user, '40');
    await anvil.setAutomine(false);
    try {
      await t.app.payouts!.processOnce();
      // Older than the stuck limit (60 s in production): age the stored transaction instead of waiting.
      await sql`update withdrawal_transactions set created_at = now() - interval '2 minutes'`.execute(t.database.db);
      await t.app.payouts!.processOnce();
    } finally {
      await anvil.setAutomine(true);
    }
    const sent = await t.database.db
      .selectFrom('withdrawal_transactions as t')
      .innerJoin('withdrawals as w', 'w.id', 't.withdrawal_id')
      .select(['t.nonce', 't.gas_price'])
      .where('w.to_address', '=', address.toLowerCase())
      .orderBy('t.created_at')
      .execute();
    expect(sent).toHaveLength(2);
    expect(sent[0]!.nonce).toBe(sent[1]!.nonce);
    expect(BigInt(sent[1]!.gas_price)).toBeGreaterThan(BigInt(sent[0]!.gas_price));
    await anvil.mine({ blocks: 3 });
    await t.app.payouts!.processOnce();
    expect(await onChain(address)).toBe(before + parseUnits('40', 18));
    const [latest] = (await t.injectAs(user, 'GET /api/funds/withdrawals')).json().data.items;
    expect(latest.status).toBe('completed');
  });

  const transactionsOf = (withdrawalId: string) =>
    t.database.db
      .selectFrom('withdrawal_transactions')
      .select(['tx_hash', 'nonce', 'gas_price'])
      .where('withdrawal_id', '=', withdrawalId)
      .orderBy('created_at')
      .execute();

  it('an instance dies mid-payout holding the lease; once the lease runs out another instance sends the stored payout: paid once', async () => {
    const user = await t.userWith({ usdt: '100', fundPassword: 'pass-123' });
    const before = await onChain(user.account.address);
    const w = (await withdraw(user, '20')).json().data.withdrawal;
    const send = chain.client.sendRawTransaction;
    chain.client.sendRawTransaction = (async () => {
      throw new Error('process killed before broadcast');
    }) as typeof send;
    try {
      await expect(t.app.payouts!.processOnce()).rejects.toThrow('killed');
    } finally {
      chain.client.sendRawTransaction = send;
    }
    const stored = await transactionsOf(w.id);
    expect(stored).toHaveLength(1);
    const other = await buildTestApp({ chain, database: t.database });
    try {
      // The dead instance's lease still runs: the other one waits.
      expect(await other.app.payouts!.processOnce()).toMatchObject({ paid: 0 });
      expect(await onChain(user.account.address)).toBe(before);
      await sql`update job_leases set expires_at = now() - interval '1 second' where name = ${`payout:${chain.chainId}`}`.execute(
        t.database.db,
      );
      await other.app.payouts!.processOnce();
      await anvil.mine({ blocks: 2 });
      await other.app.payouts!.processOnce();
      // The first instance comes back: the lease is the other's, and nothing is sent twice.
      expect(await t.app.payouts!.processOnce()).toMatchObject({ paid: 0 });
    } finally {
      await other.close();
      // The other instance is gone: its lease with it, for the tests that follow.
      await sql`delete from job_leases where name = ${`payout:${chain.chainId}`}`.execute(t.database.db);
    }
    expect(await onChain(user.account.address)).toBe(before + parseUnits('20', 18));
    expect(await transactionsOf(w.id)).toEqual(stored);
    expect(
      (await t.database.db.selectFrom('withdrawals').select('status').where('id', '=', w.id).executeTakeFirstOrThrow())
        .status,
    ).toBe('completed');
    expect((await checkBooks(t.database)).problems).toEqual([]);
  });

  it('a crash after a gas-bumped replacement is stored but before it is sent: the replacement goes out as stored, paid once', async () => {
    const user = await t.userWith({ usdt: '100', fundPassword: 'pass-123' });
    const before = await onChain(user.account.address);
    const w = (await withdraw(user, '30')).json().data.withdrawal;
    await anvil.setAutomine(false);
    const send = chain.client.sendRawTransaction;
    try {
      await t.app.payouts!.processOnce();
      await sql`update withdrawal_transactions set created_at = now() - interval '2 minutes' where withdrawal_id = ${w.id}`.execute(
        t.database.db,
      );
      chain.client.sendRawTransaction = (async () => {
        throw new Error('process killed before broadcast');
      }) as typeof send;
      await expect(t.app.payouts!.processOnce()).rejects.toThrow('killed');
      chain.client.sendRawTransaction = send;
      const stored = await transactionsOf(w.id);
      expect(stored).toHaveLength(2);
      expect(stored[1]!.nonce).toBe(stored[0]!.nonce);
      expect(BigInt(stored[1]!.gas_price)).toBeGreaterThan(BigInt(stored[0]!.gas_price));
      // Restarted: the stored replacement is sent, not a third transaction signed.
      await t.app.payouts!.processOnce();
      expect(await transactionsOf(w.id)).toEqual(stored);
    } finally {
      chain.client.sendRawTransaction = send;
      await anvil.setAutomine(true);
    }
    await anvil.mine({ blocks: 3 });
    await t.app.payouts!.processOnce();
    expect(await onChain(user.account.address)).toBe(before + parseUnits('30', 18));
    expect(
      (await t.database.db.selectFrom('withdrawals').select('status').where('id', '=', w.id).executeTakeFirstOrThrow())
        .status,
    ).toBe('completed');
    expect((await checkBooks(t.database)).problems).toEqual([]);
  });

  it('a frozen account cannot withdraw; a wrong fund password moves nothing', async () => {
    const user = await t.userWith({ usdt: '100', fundPassword: 'pass-123' });
    expect((await withdraw(user, '30')).json().data.withdrawal.status).toBe('queued');
    const wrong = await t.injectAs(user, 'POST /api/funds/withdraw', {
      asset: 'USDT',
      amount: '30',
      fund_password: 'nope-123',
    });
    expect(wrong.json()).toMatchObject({
      code: 3007,
      message: 'Incorrect fund password',
      data: { field: 'fund_password' },
    });
    expect(await balance(user.auth)).toEqual({ usdt: '68.5', wallx: '0' });
    await t.database.db
      .updateTable('users')
      .set({ is_frozen: true })
      .where('address', '=', user.userinfo.bsc)
      .execute();
    expect((await withdraw(user, '30')).json()).toMatchObject({ code: 1005, message: 'Account frozen' });
    expect(await balance(user.auth)).toEqual({ usdt: '68.5', wallx: '0' });
    await t.database.db
      .updateTable('users')
      .set({ is_frozen: false })
      .where('address', '=', user.userinfo.bsc)
      .execute();
    await t.app.payouts!.processOnce();
    await anvil.mine({ blocks: 2 });
    await t.app.payouts!.processOnce();
  });

  it('another instance holding the payout lease, or taking it mid-pass, means this one pays nothing', async () => {
    const user = await t.userWith({ usdt: '100', fundPassword: 'pass-123' });
    const address = user.account.address;
    const before = await onChain(address);
    const w = (await withdraw(user, '20')).json().data.withdrawal;
    const lease = `payout:${chain.chainId}`;
    const steal = () =>
      sql`update job_leases set holder = 'other-instance', expires_at = now() + interval '1 minute' where name = ${lease}`.execute(
        t.database.db,
      );
    const status = async () =>
      await t.database.db
        .selectFrom('withdrawals')
        .select(['status', 'nonce'])
        .where('id', '=', w.id)
        .executeTakeFirstOrThrow();

    await steal();
    expect(await t.app.payouts!.processOnce()).toMatchObject({ paid: 0 });
    expect(await status()).toEqual({ status: 'queued', nonce: null });

    // The lease passes to another instance while this pass runs (its lease ran out): it must not sign and send.
    await sql`delete from job_leases where name = ${lease}`.execute(t.database.db);
    const getGasPrice = chain.client.getGasPrice;
    let stolen = false;
    chain.client.getGasPrice = (async (...args: Parameters<typeof getGasPrice>) => {
      const price = await getGasPrice(...args);
      if (!stolen) {
        stolen = true;
        await steal();
      }
      return price;
    }) as typeof getGasPrice;
    try {
      expect(await t.app.payouts!.processOnce()).toMatchObject({ paid: 0 });
    } finally {
      chain.client.getGasPrice = getGasPrice;
    }
    expect(stolen).toBe(true);
    expect(await status()).toEqual({ status: 'queued', nonce: null });
    expect(
      await t.database.db
        .selectFrom('withdrawal_transactions')
        .select('tx_hash')
        .where('withdrawal_id', '=', w.id)
        .execute(),
    ).toEqual([]);

    await sql`delete from job_leases where name = ${lease}`.execute(t.database.db);
    expect(await t.app.payouts!.processOnce()).toMatchObject({ paid: 1 });
    await anvil.mine({ blocks: 2 });
    expect(await t.app.payouts!.processOnce()).toMatchObject({ completed: 1 });
    expect(await onChain(address)).toBe(before + parseUnits('20', 18));
  });

  it('a hot wallet without BNB for gas leaves the payout queued; topped up, it is paid', async () => {
    const user = await t.userWith({ usdt: '100', fundPassword: 'pass-123' });
    await withdraw(user, '20');
    const bnb = await anvil.getBalance({ address: chain.hotWallet.address });
    await anvil.setBalance({ address: chain.hotWallet.address, value: 1000n });
    try {
      expect(await t.app.payouts!.processOnce()).toMatchObject({ paid: 0 });
      const [latest] = (await t.injectAs(user, 'GET /api/funds/withdrawals')).json().data.items;
      expect(latest).toMatchObject({ status: 'queued', tx_hash: null });
    } finally {
      await anvil.setBalance({ address: chain.hotWallet.address, value: bnb });
    }
    expect(await t.app.payouts!.processOnce()).toMatchObject({ paid: 1 });
    await anvil.mine({ blocks: 2 });
    expect(await t.app.payouts!.processOnce()).toMatchObject({ completed: 1 });
  });

  it('a payout whose nonce another transaction of the hot wallet spent is paid anew, once', async () => {
    const user = await t.userWith({ usdt: '100', fundPassword: 'pass-123' });
    const address = user.account.address;
    const before = await onChain(address);
    const w = (await withdraw(user, '30')).json().data.withdrawal;
    await anvil.setAutomine(false);
    let nonce: number;
    try {
      expect(await t.app.payouts!.processOnce()).toMatchObject({ paid: 1 });
      const row = await t.database.db
        .selectFrom('withdrawals')
        .select(['nonce', 'tx_hash'])
        .where('id', '=', w.id)
        .executeTakeFirstOrThrow();
      nonce = Number(row.nonce);
      // Someone uses the hot wallet's key elsewhere: a transaction at the same nonce with more gas replaces ours.
      await anvil.dropTransaction({ hash: row.tx_hash as `0x${string}` });
      const wallet = createWalletClient({ account: chain.hotWallet, chain: foundry, transport: http(chain.rpcUrl) });
      await wallet.sendTransaction({
        to: chain.hotWallet.address,
        value: 0n,
        nonce,
        gasPrice: (await anvil.getGasPrice()) * 2n,
      });
      await anvil.mine({ blocks: 1 });
    } finally {
      await anvil.setAutomine(true);
    }
    // One confirmation of the other transaction: the payout stays sent (a reorg could still bring it back).
    expect(await t.app.payouts!.processOnce()).toMatchObject({ requeued: 0, paid: 0 });
    // Confirmed: ours can never be mined; it goes back to the queue and is paid at a new nonce.
    await anvil.mine({ blocks: 1 });
    expect(await t.app.payouts!.processOnce()).toMatchObject({ requeued: 1, paid: 1 });
    const row = await t.database.db
      .selectFrom('withdrawals')
      .select(['nonce', 'status'])
      .where('id', '=', w.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.nonce)).toBeGreaterThan(nonce);
    await anvil.mine({ blocks: 2 });
    expect(await t.app.payouts!.processOnce()).toMatchObject({ completed: 1 });
    expect(await onChain(address)).toBe(before + parseUnits('30', 18));
    expect((await checkBooks(t.database)).problems).toEqual([]);
  });

  it('a queued withdrawal without its debit is never paid, and ledger:check names it', async () => {
    const user = await t.userWith({ usdt: '100', fundPassword: 'pass-123' });
    const address = user.account.address;
    const before = await onChain(address);
    const userId = (
      await t.database.db
        .selectFrom('users')
        .select('id')
        .where('address', '=', user.userinfo.bsc)
        .executeTakeFirstOrThrow()
    ).id;
    // What a request that failed after writing its row left behind before requests were one transaction.
    const orphan = await t.database.db
      .insertInto('withdrawals')
      .values({
        user_id: userId,
        asset: 'USDT',
        amount: '80',
        fee: '1.5',
        to_address: address.toLowerCase(),
        status: 'queued',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      expect(await t.app.payouts!.processOnce()).toMatchObject({ paid: 0 });
      expect(
        await t.database.db
          .selectFrom('withdrawal_transactions')
          .select('tx_hash')
          .where('withdrawal_id', '=', orphan.id)
          .execute(),
      ).toEqual([]);
      await anvil.mine({ blocks: 2 });
      expect(await onChain(address)).toBe(before);
      const problems = (await checkBooks(t.database)).problems;
      expect(problems).toEqual([
        expect.objectContaining({
          problem: 'withdrawal without its debit',
          user: user.userinfo.bsc,
          detail: expect.stringContaining(`withdrawal ${orphan.id} `),
        }),
      ]);
    } finally {
      await t.database.db.deleteFrom('withdrawals').where('id', '=', orphan.id).execute();
    }
  });

  it('a payout mined but whose receipt the node does not return is held (shown as processing), never paid again', async () => {
    const user = await t.userWith({ usdt: '100', fundPassword: 'pass-123' });
    const address = user.account.address;
    const before = await onChain(address);
    const w = (await withdraw(user, '30')).json().data.withdrawal;
    expect(await t.app.payouts!.processOnce()).toMatchObject({ paid: 1 });
    // A lagging or pruned node: the payout is mined, yet its receipt is "not found".
    const getReceipt = chain.client.getTransactionReceipt;
    chain.client.getTransactionReceipt = (async ({ hash }: { hash: `0x${string}` }) => {
      throw new TransactionReceiptNotFoundError({ hash });
    }) as typeof getReceipt;
    try {
      await anvil.mine({ blocks: 2 });
      expect(await t.app.payouts!.processOnce()).toMatchObject({ requeued: 0, paid: 0, held: 1 });
      expect(await t.app.payouts!.processOnce()).toMatchObject({ requeued: 0, paid: 0 });
    } finally {
      chain.client.getTransactionReceipt = getReceipt;
    }
    const row = await t.database.db
      .selectFrom('withdrawals')
      .select(['status', 'review_reason', 'failure_reason'])
      .where('id', '=', w.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'held',
      review_reason: 'nonce',
      failure_reason: expect.stringContaining('by our own payout'),
    });
    const [shown] = (await t.injectAs(user, 'GET /api/funds/withdrawals')).json().data.items;
    expect(shown).toMatchObject({ id: w.id, status: 'processing' });
    expect(
      await t.database.db
        .selectFrom('withdrawal_transactions')
        .select('tx_hash')
        .where('withdrawal_id', '=', w.id)
        .execute(),
    ).toHaveLength(1);
    expect(await onChain(address)).toBe(before + parseUnits('30', 18));
    // Once the node shows the receipt, the worker settles the held payout itself.
    expect(await t.app.payouts!.processOnce()).toMatchObject({ completed: 1 });
    expect(
      (await t.database.db.selectFrom('withdrawals').select('status').where('id', '=', w.id).executeTakeFirstOrThrow())
        .status,
    ).toBe('completed');
    expect((await checkBooks(t.database)).problems).toEqual([]);
  });

  describe('limits that splitting cannot beat', () => {
    let limited: TestApp;
    // A second server instance on the same database: its fund-password checks do not queue behind
    // the first one's, so two requests of one user really run at the same time.
    let other: TestApp;
    const limits = { min: '10', fee: '1', reviewAbove: '1000', hourlyCap: '5000' };
    // A database of its own per test, on the same chain: the hourly cap counts only that test's
    // withdrawals, whichever of the two runs first.
    beforeEach(async () => {
      const limitedChain = { ...chain, withdraw: { USDT: limits, WALLX: limits } };
      limited = await buildTestApp({ chain: limitedChain });
      other = await buildTestApp({ chain: limitedChain, database: limited.database, keys: limited.keys });
    });
    afterEach(async () => {
      await other.close();
      await limited.close();
    });

    const limitedUser = (usdt: string) => limited.userWith({ usdt, fundPassword: 'pass-123' });
    const send = (who: Session, amount: string, via: TestApp = limited) =>
      via.injectAs(who, 'POST /api/funds/withdraw', { asset: 'USDT', amount, fund_password: 'pass-123' });
    const reviewOf = async (id: string) =>
      limited.database.db
        .selectFrom('withdrawals')
        .select(['status', 'review_reason'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();

    it('the review threshold applies to a user’s last 24 hours together, also when the halves race', async () => {
      const user = await limitedUser('5000');
      const first = (await send(user, '600')).json().data.withdrawal;
      expect(await reviewOf(first.id)).toEqual({ status: 'queued', review_reason: null });
      const second = (await send(user, '600')).json().data.withdrawal;
      expect(second.status).toBe('pending_review');
      expect(await reviewOf(second.id)).toEqual({ status: 'pending_review', review_reason: 'daily_total' });
      expect((await reviewOf((await send(user, '1010')).json().data.withdrawal.id)).review_reason).toBe('amount');

      // Two halves at once, one through each instance: the second sees the first, whichever runs first.
      const racers = await Promise.all(Array.from({ length: 6 }, () => limitedUser('5000')));
      const answers = await Promise.all(
        racers.map((racer) => Promise.all([send(racer, '600'), send(racer, '600', other)])),
      );
      for (const both of answers) {
        expect(both.map((r) => r.json().data.withdrawal.status).sort()).toEqual(['pending_review', 'queued']);
      }
    });

    it('past the platform’s hourly cap, further withdrawals wait for review', async () => {
      const hour = async () => {
        const { rows } = await sql<{
          total: string;
        }>`select trim_scale(coalesce(sum(amount), 0))::text as total from withdrawals
          where status in ('queued', 'broadcast', 'held', 'completed')`.execute(limited.database.db);
        return BigInt(rows[0]!.total);
      };
      // Each user stays under the threshold; together they pass the cap.
      while ((await hour()) + 900n <= 5000n) {
        const user = await limitedUser('1000');
        expect((await send(user, '900')).json().data.withdrawal.status).toBe('queued');
      }
      const late = await limitedUser('1000');
      const held = (await send(late, '900')).json().data.withdrawal;
      expect(await reviewOf(held.id)).toEqual({ status: 'pending_review', review_reason: 'hourly_cap' });
      expect((await checkBooks(limited.database)).problems).toEqual([]);
    });
  });

  it('the platform accounts match the chain: deposits credited and payouts made', async () => {
    const platform = async (kind: string) => {
      const { rows } = await sql<{ total: string }>`select coalesce(trim_scale(sum(e.amount)), 0)::text as total
        from ledger_entries e join accounts a on a.id = e.account_id where a.kind = ${kind} and a.asset = 'USDT'`.execute(
        t.database.db,
      );
      return parseUnits(rows[0]!.total, 18);
    };
    // Withdrawals not refunded hold their amount in the platform's withdrawals account until paid;
    // the completed ones left the hot wallet on chain.
    const open = await sql<{
      status: string;
      total: string;
    }>`select status, coalesce(trim_scale(sum(amount)), 0)::text as total
      from withdrawals where asset = 'USDT' and status not in ('refunded', 'rejected') group by status`.execute(
      t.database.db,
    );
    const held = open.rows.reduce((sum, r) => sum + parseUnits(r.total, 18), 0n);
    expect(await platform('withdrawals')).toBe(held);
    const completed = parseUnits(open.rows.find((r) => r.status === 'completed')?.total ?? '0', 18);
    const paidOnChain = parseUnits('1000000', 18) - (await onChain(chain.hotWallet.address));
    expect(paidOnChain).toBe(completed);
    expect((await checkBooks(t.database)).problems).toEqual([]);
  });
});
