import { parseEther, type Address, type LocalAccount } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openChain, type ChainContext } from '../../platform/chain/context.js';
import { devAccount, LOCAL_ROLES } from '../../platform/chain/local-node.js';
import { loadConfig } from '../../platform/config/config.js';
import {
  type Auth,
  buildTestApp,
  checkBooks,
  login,
  operatorLogin,
  type TestApp,
  testOperators,
} from '../../test/helpers.js';
import { chainMoves, testClient, type Anvil } from './deposits.fixtures.js';

/**
 * Deposits no user sent (decision 81): an exchange's hot wallet or a contract pays the deposit
 * address. The scanner records each; finance proposes crediting one to the user it belongs to,
 * another operator approves, and it is credited once, whatever else later claims the same transfer.
 */
describe('unattributed deposits', () => {
  let chain: ChainContext;
  let t: TestApp;
  let financeA: Auth;
  let approver: Auth;
  let anvil: Anvil;
  let moves: ReturnType<typeof chainMoves>;
  const payer = devAccount(LOCAL_ROLES.firstUser);
  const call = (method: 'GET' | 'POST', url: string, auth: Auth, payload?: object) =>
    t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    chain = await openChain(loadConfig({ CONFIRMATIONS: '2' }).chain);
    anvil = testClient(chain.rpcUrl);
    moves = chainMoves(chain, anvil);
    t = await buildTestApp({ chain });
    financeA = await operatorLogin(t.app, 'finance');
    // The second pair of eyes: the admin, another person with the money capability.
    approver = await operatorLogin(t.app, 'admin');
  });
  afterAll(async () => {
    await t.close();
    await chain.stop();
  });

  const send = (from: LocalAccount | Address, to: Address, amount: string) =>
    moves.send(from, chain.tokens.USDT, to, amount);
  /** A wallet the platform does not know, with gas and test USDT (an exchange's hot wallet, say). */
  const stranger = () => moves.funded();
  const settle = async () => {
    await anvil.mine({ blocks: 2 });
    await t.app.deposits!.scanOnce();
  };
  const unattributed = async (query = '') =>
    (await call('GET', `/api/admin/deposits/unattributed${query}`, await operatorLogin(t.app, 'viewer'))).json().data
      .items as Array<Record<string, unknown>>;
  const balanceOf = async (auth: Auth) =>
    (await t.injectAs(auth, 'GET /api/user/info')).json().data.balance.usdt as string;
  const reconciliation = async () =>
    (
      (await call('GET', '/api/admin/dashboard', approver)).json().data.reconciliation as Array<{
        asset: string;
        unattributed: string;
        is_short: boolean;
      }>
    ).find((row) => row.asset === 'USDT')!;

  it('a deposit from a contract is listed, proposed, approved by another person, credited once; books and reconciliation stay clean', async () => {
    // The token contract itself pays the deposit address: a sender with code, no user's wallet.
    const contract = chain.tokens.USDT;
    expect(await anvil.getCode({ address: contract })).not.toBe('0x');
    await send(payer, contract, '250');
    await anvil.impersonateAccount({ address: contract });
    await anvil.setBalance({ address: contract, value: parseEther('1') });
    const hash = await send(contract, chain.depositAddress, '250');
    await anvil.stopImpersonatingAccount({ address: contract });
    await settle();

    const [found] = (await unattributed('?status=open')).filter((d) => d.tx_hash === hash);
    expect(found).toMatchObject({
      asset: 'USDT',
      amount: '250',
      from_address: contract.toLowerCase(),
      status: 'open',
      credited_to: null,
    });
    expect((await reconciliation()).unattributed).toBe('250');

    const owner = await login(t.app);
    const id = found!.id as string;
    const propose = (payload: object) =>
      call('POST', '/api/admin/proposals', financeA, {
        kind: 'deposit.credit',
        subject_id: id,
        reason: 'Exchange withdrawal record matches the user',
        ...payload,
      });
    expect((await propose({})).json()).toMatchObject({ code: 1001, data: { field: 'user' } });
    expect((await propose({ user: `0x${'ab'.repeat(20)}` })).json()).toMatchObject({
      code: 8101,
      data: { field: 'user' },
    });
    expect(
      (
        await call('POST', '/api/admin/proposals', financeA, {
          kind: 'deposit.credit',
          subject_id: '99999999',
          user: owner.userinfo.bsc,
          reason: 'nothing there',
        })
      ).json(),
    ).toMatchObject({ code: 8609, data: { field: 'subject_id' } });
    // Not to the proposer's own account either.
    await login(t.app, testOperators.finance);
    expect((await propose({ user: testOperators.finance.address })).json()).toMatchObject({
      code: 8306,
      data: { field: 'user' },
    });

    const proposal = (await propose({ user: owner.userinfo.bsc })).json();
    expect(proposal).toMatchObject({
      code: 0,
      data: {
        kind: 'deposit.credit',
        subject_type: 'unattributed_deposit',
        subject: { user: owner.userinfo.bsc, amount: '250', counterparty: contract.toLowerCase(), status: 'open' },
      },
    });
    expect(await balanceOf(owner.auth)).toBe('0');
    expect((await call('POST', `/api/admin/proposals/${proposal.data.id}/approve`, financeA)).json()).toMatchObject({
      code: 8605,
    });
    // Two approvals at once, as a script sends them: one credit.
    const answers = await Promise.all(
      [1, 2, 3].map(() => call('POST', `/api/admin/proposals/${proposal.data.id}/approve`, approver)),
    );
    expect(answers.map((a) => a.json().code).sort()).toEqual([0, 8604, 8604]);
    expect(await balanceOf(owner.auth)).toBe('250');
    expect((await unattributed()).find((d) => d.id === id)).toMatchObject({
      status: 'credited',
      credited_to: owner.userinfo.bsc,
    });
    expect(await reconciliation()).toMatchObject({ unattributed: '0', is_short: false });

    // Nothing credits it again: another proposal, or the scanner reading the same blocks.
    expect((await propose({ user: owner.userinfo.bsc })).json()).toMatchObject({ code: 8610 });
    await t.database.db
      .updateTable('chain_cursors')
      .set({ block_number: '0' })
      .where('name', 'like', 'deposits:%')
      .execute();
    await settle();
    expect(await balanceOf(owner.auth)).toBe('250');
    const audit = await t.database.db
      .selectFrom('operator_audit')
      .select(['operator', 'action', 'detail'])
      .where('subject_type', '=', 'unattributed_deposit')
      .where('subject_id', '=', id)
      .execute();
    expect(audit).toEqual([
      {
        operator: testOperators.admin.address.toLowerCase(),
        action: 'deposit.credit',
        detail: expect.objectContaining({
          user: owner.userinfo.bsc,
          amount: '250',
          tx_hash: hash,
          proposal: proposal.data.id,
          proposed_by: testOperators.finance.address.toLowerCase(),
        }),
      },
    ]);
    expect((await checkBooks(t.database)).problems).toEqual([]);
  });

  it('a sender who registers later: credited to them if nobody credited it, told "credited elsewhere" if an operator did', async () => {
    const owner = await login(t.app);
    const exchange = await stranger();
    const creditedByOperator = await send(exchange, chain.depositAddress, '40');
    const late = await stranger();
    const creditedBySender = await send(late, chain.depositAddress, '30');
    await settle();
    const rows = await unattributed('?status=open');
    const first = rows.find((d) => d.tx_hash === creditedByOperator)!;
    const second = rows.find((d) => d.tx_hash === creditedBySender)!;

    const proposal = (
      await call('POST', '/api/admin/proposals', financeA, {
        kind: 'deposit.credit',
        subject_id: first.id,
        user: owner.userinfo.bsc,
        reason: 'Exchange confirmed the withdrawal',
      })
    ).json().data;
    expect((await call('POST', `/api/admin/proposals/${proposal.id}/approve`, approver)).json().code).toBe(0);

    // The exchange's wallet logs in and reports it: already credited to someone else, nothing moves.
    const exchangeUser = await login(t.app, exchange);
    const claimed = (
      await t.injectAs(exchangeUser, 'POST /api/funds/recharge', { asset: 'USDT', tx_hash: creditedByOperator })
    ).json();
    expect(claimed).toMatchObject({ code: 0, data: { status: 'invalid', reason: 'credited_elsewhere' } });
    expect(await balanceOf(exchangeUser.auth)).toBe('0');
    expect(await balanceOf(owner.auth)).toBe('40');

    // The other registers and reports before anyone acted: credited to them, and no longer open.
    const lateUser = await login(t.app, late);
    expect(
      (await t.injectAs(lateUser, 'POST /api/funds/recharge', { asset: 'USDT', tx_hash: creditedBySender })).json(),
    ).toMatchObject({ data: { status: 'credited' } });
    expect(await balanceOf(lateUser.auth)).toBe('30');
    expect((await unattributed()).find((d) => d.id === second.id)).toMatchObject({
      status: 'credited',
      credited_to: lateUser.userinfo.bsc,
    });
    expect(
      (
        await call('POST', '/api/admin/proposals', financeA, {
          kind: 'deposit.credit',
          subject_id: second.id,
          user: owner.userinfo.bsc,
          reason: 'too late',
        })
      ).json(),
    ).toMatchObject({ code: 8610 });
    expect((await checkBooks(t.database)).problems).toEqual([]);
  });
});
