import crypto from 'node:crypto';
import type { PrivateKeyAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openChain, type ChainContext } from '../../platform/chain/context.js';
import { loadConfig } from '../../platform/config/config.js';
import {
  type Auth,
  buildTestApp,
  checkBooks,
  consoleLogin,
  newWallet,
  operatorLogin,
  signedConsoleLogin,
  type TestApp,
  testOperators,
  testSecondAdmin,
} from '../../test/helpers.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * No insider alone (issue 44, decisions 118-120). Found: one admin added a fresh wallet of their own
 * as a finance operator, proposed crediting an unattributed deposit to an account of theirs with one
 * wallet and approved it with the other; one finance operator alone switched off the review of large
 * withdrawals. Each test here drives the API as that insider would, and failed on the code before.
 */
describe('no insider alone', () => {
  let chain: ChainContext;
  let t: TestApp;
  /** The same deployment a day and an hour later: past OPERATOR_COOLDOWN (24 h, the default). */
  let later: TestApp;
  let base: string;
  let adminA: Auth;
  let adminB: Auth;
  let finance: Auth;
  const a = testOperators.admin.address.toLowerCase();
  const b = testSecondAdmin.address.toLowerCase();

  beforeAll(async () => {
    chain = await openChain(loadConfig({ WITHDRAW_REVIEW_USDT: '1000', WITHDRAW_HOURLY_CAP_USDT: '100000000' }).chain);
    t = await buildTestApp({ chain });
    later = await buildTestApp({
      database: t.database,
      keys: t.keys,
      chain,
      now: () => Date.now() + DAY_MS + 3_600_000,
    });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    adminA = await operatorLogin(t.app, 'admin');
    adminB = await consoleLogin(t.app, testSecondAdmin);
    finance = await operatorLogin(t.app, 'finance');
  });
  afterAll(async () => {
    await later.close();
    await t.close();
    await chain.stop();
  });

  const approve = (app: TestApp, auth: Auth, id: string) =>
    app.injectAs(auth, `POST /api/admin/proposals/${id}/approve`);
  /** Proposed by one admin and approved by another, as the console does it: the new operator's address. */
  async function added(proposer: Auth, approver: Auth, account: PrivateKeyAccount, role: 'finance' | 'admin') {
    const proposal = (
      await t.injectAs(proposer, 'POST /api/admin/operators', { address: account.address, role })
    ).json();
    expect(proposal).toMatchObject({ code: 0, data: { kind: 'operator.add', status: 'pending' } });
    expect((await approve(t, approver, proposal.data.id)).json()).toMatchObject({ code: 0 });
    return account.address.toLowerCase();
  }
  /** A transfer to the deposit address that no user sent, as the scanner records it. */
  async function unattributedDeposit(amount: string): Promise<string> {
    const row = await t.database.db
      .insertInto('unattributed_deposits')
      .values({
        asset: 'USDT',
        tx_hash: `0x${crypto.randomBytes(32).toString('hex')}`,
        log_index: 0,
        from_address: newWallet().address.toLowerCase(),
        amount,
        block_number: '1',
        block_hash: `0x${'ab'.repeat(32)}`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
  const credit = (auth: Auth, depositId: string, user: string) =>
    t.injectAs(auth, 'POST /api/admin/proposals', {
      kind: 'deposit.credit',
      subject_id: depositId,
      user,
      reason: 'The sender’s exchange confirmed the customer',
    });
  const settings = async () => (await t.injectAs(finance, 'GET /api/admin/money/settings')).json().data;

  it('one admin cannot make a fresh wallet of their own a finance operator: adding is a proposal, and the wallet is no operator until a second admin approves it', async () => {
    const wallet = newWallet();
    const proposal = (
      await t.injectAs(adminA, 'POST /api/admin/operators', { address: wallet.address, role: 'finance' })
    ).json();
    expect(proposal).toMatchObject({
      code: 0,
      data: {
        kind: 'operator.add',
        status: 'pending',
        proposed_by: a,
        operator: { address: wallet.address.toLowerCase(), before: null, after: { role: 'finance' } },
      },
    });
    const signIn = async () =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/admin/auth/login',
          payload: await signedConsoleLogin(t.app, wallet),
        })
      ).json();
    expect(await signIn()).toMatchObject({ code: 8001 });
    expect((await approve(t, adminA, proposal.data.id)).json()).toMatchObject({ code: 8605, data: { field: 'id' } });
    expect(
      (await approve(later, await consoleLogin(later.app, testOperators.admin), proposal.data.id)).json(),
    ).toMatchObject({
      code: 8605,
    });
    expect(await signIn()).toMatchObject({ code: 8001 });
    expect((await approve(t, adminB, proposal.data.id)).json()).toMatchObject({ code: 0, data: { decided_by: b } });
    expect(await signIn()).toMatchObject({ code: 0, data: { operator: { role: 'finance' } } });
    const grants = await t.database.db
      .selectFrom('operator_grants')
      .select(['granted_by', 'action', 'proposal_id'])
      .where('operator', '=', wallet.address.toLowerCase())
      .orderBy('granted_by')
      .execute();
    expect(grants).toEqual(
      [a, b].sort().map((by) => ({ granted_by: by, action: 'add', proposal_id: proposal.data.id })),
    );
  });

  it('an admin and a wallet they had added are never each other’s second pair of eyes: a credit to the admin’s account is refused both ways, in the cooldown and after it; someone unrelated may approve it', async () => {
    const wallet = newWallet();
    await added(adminA, adminB, wallet, 'finance');
    // An account of the admin's own, that nobody recorded as theirs.
    const theirs = await t.userWith();
    const balance = async () => (await t.injectAs(theirs, 'GET /api/user/info')).json().data.balance.usdt as string;
    const deposit = await unattributedDeposit('123');

    const byAdmin = (await credit(adminA, deposit, theirs.userinfo.bsc)).json();
    expect(byAdmin).toMatchObject({ code: 0, data: { kind: 'deposit.credit', subject: { amount: '123' } } });
    expect((await approve(t, await consoleLogin(t.app, wallet), byAdmin.data.id)).json()).toMatchObject({
      code: 8614,
      data: { field: 'id', until: expect.any(String) },
    });
    const walletLater = await consoleLogin(later.app, wallet);
    expect((await approve(later, walletLater, byAdmin.data.id)).json()).toMatchObject({
      code: 8612,
      data: { field: 'id' },
      message: expect.stringContaining('someone else must approve it'),
    });
    // The second admin, who approved adding the wallet, is related to it too (not to the admin).
    expect((await t.injectAs(adminA, `POST /api/admin/proposals/${byAdmin.data.id}/withdraw`)).json().code).toBe(0);

    const byWallet = (await credit(walletLater, deposit, theirs.userinfo.bsc)).json();
    expect(byWallet).toMatchObject({ code: 0 });
    const adminLater = await consoleLogin(later.app, testOperators.admin);
    expect((await approve(later, adminLater, byWallet.data.id)).json()).toMatchObject({ code: 8612 });
    expect(
      (await approve(later, await consoleLogin(later.app, testSecondAdmin), byWallet.data.id)).json(),
    ).toMatchObject({
      code: 8612,
    });
    expect(await balance()).toBe('0');
    // "Waiting for me" does not list what I may not approve.
    const waiting = async (auth: Auth) =>
      (
        (await later.injectAs(auth, 'GET /api/admin/proposals?view=to_approve')).json().data.items as { id: string }[]
      ).map((p) => p.id);
    expect(await waiting(adminLater)).not.toContain(byWallet.data.id);
    const financeLater = await consoleLogin(later.app, testOperators.finance);
    expect(await waiting(financeLater)).toContain(byWallet.data.id);

    // The control: a finance operator nobody of the pair added approves it, and it is credited once.
    expect((await approve(later, financeLater, byWallet.data.id)).json()).toMatchObject({
      code: 0,
      data: { status: 'approved', subject: { status: 'credited' } },
    });
    expect(await balance()).toBe('123');
    expect((await checkBooks(t.database)).problems).toEqual([]);
  });

  it('a fresh operator approves nothing during OPERATOR_COOLDOWN, whoever proposed it; afterwards they may', async () => {
    const fresh = newWallet();
    await added(adminA, adminB, fresh, 'finance');
    const current = await settings();
    const proposal = (
      await t.injectAs(finance, 'PUT /api/admin/money/settings', {
        version: current.version,
        withdraw: current.withdraw,
        markets: { ...current.markets, c2c_fee_rate: current.markets.c2c_fee_rate === '0.02' ? '0.03' : '0.02' },
      })
    ).json();
    expect(proposal).toMatchObject({ code: 0, data: { kind: 'money_settings.update' } });
    const refused = (await approve(t, await consoleLogin(t.app, fresh), proposal.data.id)).json();
    expect(refused).toMatchObject({
      code: 8614,
      message: 'Operators newly added, given a role or enabled again approve nothing for a while: 24 more hours',
      data: { field: 'id' },
    });
    expect(Date.parse(refused.data.until)).toBeGreaterThan(Date.now() + DAY_MS - 60_000);
    expect((await settings()).version).toBe(current.version);
    expect((await approve(later, await consoleLogin(later.app, fresh), proposal.data.id)).json()).toMatchObject({
      code: 0,
      data: { status: 'approved' },
    });
    expect((await settings()).version).toBe(current.version + 1);
  });

  it('nobody approves a change about themselves or about the operator who gave them access, nor one whose proposer was disabled', async () => {
    // D and E: admins A proposed and B approved; G: an admin D proposed and E approved, a day later.
    const [dWallet, eWallet, gWallet] = [newWallet(), newWallet(), newWallet()];
    const d = await added(adminA, adminB, dWallet, 'admin');
    await added(adminA, adminB, eWallet, 'admin');
    const g = gWallet.address.toLowerCase();
    const gProposal = (
      await later.injectAs(await consoleLogin(later.app, dWallet), 'POST /api/admin/operators', {
        address: g,
        role: 'admin',
      })
    ).json();
    expect((await approve(later, await consoleLogin(later.app, eWallet), gProposal.data.id)).json().code).toBe(0);

    // Two days on, everyone is past the cooldown.
    const after = await buildTestApp({
      database: t.database,
      keys: t.keys,
      chain,
      now: () => Date.now() + 2 * DAY_MS + 3_600_000,
    });
    try {
      const as = (account: PrivateKeyAccount) => consoleLogin(after.app, account);
      const [aAfter, bAfter, gAfter, eAfter] = [
        await as(testOperators.admin),
        await as(testSecondAdmin),
        await as(gWallet),
        await as(eWallet),
      ];
      // About the operator who gave G access: not G's to approve; B may.
      const demoteD = (await after.injectAs(aAfter, `PUT /api/admin/operators/${d}`, { role: 'finance' })).json();
      expect((await approve(after, gAfter, demoteD.data.id)).json()).toMatchObject({
        code: 8613,
        data: { field: 'id' },
      });
      // About G themselves: not theirs either.
      const demoteG = (await after.injectAs(aAfter, `PUT /api/admin/operators/${g}`, { role: 'support' })).json();
      expect((await approve(after, gAfter, demoteG.data.id)).json()).toMatchObject({ code: 8613 });
      expect((await approve(after, bAfter, demoteD.data.id)).json()).toMatchObject({ code: 0 });

      // E proposes; A disables E at once: what E proposed can no longer be approved.
      const current = (await after.injectAs(aAfter, 'GET /api/admin/money/settings')).json().data;
      const byE = (
        await after.injectAs(eAfter, 'PUT /api/admin/money/settings', {
          version: current.version,
          withdraw: { ...current.withdraw, WALLX: { ...current.withdraw.WALLX, fee: '7' } },
          markets: current.markets,
        })
      ).json();
      expect(byE).toMatchObject({ code: 0 });
      expect((await after.injectAs(aAfter, `POST /api/admin/operators/${eWallet.address}/disable`)).json().code).toBe(
        0,
      );
      const fAfter = await as(testOperators.finance);
      expect((await approve(after, fAfter, byE.data.id)).json()).toMatchObject({ code: 8615, data: { field: 'id' } });
      expect((await after.injectAs(aAfter, 'GET /api/admin/money/settings')).json().data.version).toBe(current.version);
      expect((await after.injectAs(fAfter, `POST /api/admin/proposals/${byE.data.id}/withdraw`)).json().code).toBe(0);
    } finally {
      await after.close();
    }
  });

  it('one finance operator, or one admin, cannot change a money setting alone: the PUT opens a proposal and nothing changes until another approves', async () => {
    const before = await settings();
    const wide = { min: '20', fee: '1', review_above: '999999999999', hourly_cap: '999999999999' };
    const open = (auth: Auth) =>
      t.injectAs(auth, 'PUT /api/admin/money/settings', {
        version: before.version,
        withdraw: { ...before.withdraw, USDT: wide },
        markets: before.markets,
      });
    const byFinance = (await open(finance)).json();
    expect(byFinance).toMatchObject({
      code: 0,
      data: {
        kind: 'money_settings.update',
        status: 'pending',
        settings: { version: before.version, before: { withdraw: { USDT: { review_above: '1000' } } } },
      },
    });
    expect((await settings()).withdraw.USDT.review_above).toBe('1000');
    // A large withdrawal still waits for review.
    const user = await t.userWith({ usdt: '5000', fundPassword: 'pass-123' });
    const withdrawal = (
      await t.injectAs(user, 'POST /api/funds/withdraw', { asset: 'USDT', amount: '2000', fund_password: 'pass-123' })
    ).json();
    expect(withdrawal.data.withdrawal.status).toBe('pending_review');
    expect((await approve(t, finance, byFinance.data.id)).json()).toMatchObject({ code: 8605 });
    // One admin alone neither: a second proposal waits for the first; their own they cannot approve.
    expect((await open(adminA)).json()).toMatchObject({ code: 8602 });
    expect((await t.injectAs(finance, `POST /api/admin/proposals/${byFinance.data.id}/withdraw`)).json().code).toBe(0);
    const byAdmin = (await open(adminA)).json();
    expect(byAdmin).toMatchObject({ code: 0, data: { status: 'pending' } });
    expect((await approve(t, adminA, byAdmin.data.id)).json()).toMatchObject({ code: 8605 });
    expect((await settings()).withdraw.USDT).toMatchObject({ review_above: '1000' });
    // Taken back: nothing was ever in force.
    expect((await t.injectAs(adminA, `POST /api/admin/proposals/${byAdmin.data.id}/withdraw`)).json().code).toBe(0);
    expect((await settings()).version).toBe(before.version);
  });

  it('two approvals of one proposal sent at once approve it once: one operator added, one settings version', async () => {
    const send = async (auth: Auth, url: string) => {
      const response = await fetch(`${base}${url}`, { method: 'POST', headers: auth });
      return ((await response.json()) as { code: number }).code;
    };
    for (let round = 0; round < 5; round++) {
      const address = newWallet().address.toLowerCase();
      const proposal = (await t.injectAs(adminA, 'POST /api/admin/operators', { address, role: 'viewer' })).json();
      const codes = await Promise.all(
        Array.from({ length: 4 }, () => send(adminB, `/api/admin/proposals/${proposal.data.id}/approve`)),
      );
      expect(codes.sort()).toEqual([0, 8604, 8604, 8604]);
      const grants = await t.database.db
        .selectFrom('operator_grants')
        .selectAll()
        .where('operator', '=', address)
        .execute();
      expect(grants).toHaveLength(2);
      const audit = await t.database.db
        .selectFrom('operator_audit')
        .select('action')
        .where('subject_id', 'in', [address, proposal.data.id])
        .where('action', 'in', ['operator.add', 'proposal.approve'])
        .execute();
      expect(audit.map((row) => row.action).sort()).toEqual(['operator.add', 'proposal.approve']);
    }
    for (let round = 0; round < 5; round++) {
      const current = await settings();
      const proposal = (
        await t.injectAs(finance, 'PUT /api/admin/money/settings', {
          version: current.version,
          withdraw: { ...current.withdraw, WALLX: { ...current.withdraw.WALLX, min: String(100 + round) } },
          markets: current.markets,
        })
      ).json();
      expect(proposal.code).toBe(0);
      const codes = await Promise.all(
        [adminA, adminB, adminA, adminB].map((auth) => send(auth, `/api/admin/proposals/${proposal.data.id}/approve`)),
      );
      expect(codes.sort()).toEqual([0, 8604, 8604, 8604]);
      expect(await settings()).toMatchObject({
        version: current.version + 1,
        withdraw: { WALLX: { min: String(100 + round) } },
      });
    }
  });
});
