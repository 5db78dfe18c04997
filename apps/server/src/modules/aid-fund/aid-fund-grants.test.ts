import { createTestClient, encodeAbiParameters, erc20Abi, http, keccak256, parseUnits, publicActions } from 'viem';
import { foundry } from 'viem/chains';
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compare, errorCatalog, minus, plus, times } from '@wallx/shared';
import { openChain, type ChainContext } from '../../platform/chain/context.js';
import { loadConfig } from '../../platform/config/config.js';
import {
  type Auth,
  buildTestApp,
  checkBooks,
  consoleLogin,
  operatorLogin,
  seedOperator,
  type TestApp,
} from '../../test/helpers.js';

const testClient = (rpcUrl: string) =>
  createTestClient({ chain: foundry, mode: 'anvil', transport: http(rpcUrl), cacheTime: 0 }).extend(publicActions);
type Anvil = ReturnType<typeof testClient>;

describe('aid grants: two finance operators, paid on chain by the payout worker', () => {
  let chain: ChainContext;
  let t: TestApp;
  let anvil: Anvil;
  let finance: Auth;
  let finance2: Auth;
  let viewer: Auth;
  const partnerWallet = privateKeyToAccount(generatePrivateKey());
  beforeAll(async () => {
    // The withdrawals' chain (anvil, test tokens, a hot wallet): grants are paid by their payout worker.
    chain = await openChain(loadConfig({ CONFIRMATIONS: '2' }).chain);
    anvil = testClient(chain.rpcUrl);
    t = await buildTestApp({ chain });
    finance = await operatorLogin(t.app, 'finance');
    const second = privateKeyToAccount(generatePrivateKey());
    await seedOperator(t.database, second, 'finance');
    finance2 = await consoleLogin(t.app, second);
    viewer = await operatorLogin(t.app, 'viewer');
  });
  afterAll(async () => {
    await t.close();
    await chain.stop();
  });

  const onChain = (address: `0x${string}`) =>
    anvil.readContract({ address: chain.tokens.USDT, abi: erc20Abi, functionName: 'balanceOf', args: [address] });
  const fundUsdt = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/aid-fund' }))
      .json()
      .data.assets.find((a: { asset: string }) => a.asset === 'USDT');
  /** The hot wallet's USDT balance set in the token's storage (balanceOf is slot 3 of TestToken). */
  async function setHotUsdt(value: bigint) {
    const index = keccak256(
      encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [chain.hotWallet.address, 3n]),
    );
    await anvil.setStorageAt({ address: chain.tokens.USDT, index, value: `0x${value.toString(16).padStart(64, '0')}` });
    expect(await onChain(chain.hotWallet.address)).toBe(value);
  }
  const settle = async () => {
    await t.app.payouts!.processOnce();
    await anvil.mine({ blocks: 3 });
    await t.app.payouts!.processOnce();
  };

  /** A user who gives the aid fund `usdt` USDT, all they hold. */
  async function donate(usdt: string) {
    const donor = await t.userWith({ usdt, fundPassword: 'pass-123' });
    await t.injectAs(donor, 'POST /api/aid-fund/donations', { asset: 'USDT', amount: usdt, fund_password: 'pass-123' });
    return donor;
  }

  async function addPartner(): Promise<string> {
    const added = await t.injectAs(finance, 'POST /api/admin/aid-fund/partners', {
      name: 'Calm Minds Foundation',
      address: partnerWallet.address,
      website: 'https://calm.example.org',
    });
    expect(added.json()).toMatchObject({
      code: 0,
      data: { name: 'Calm Minds Foundation', address: partnerWallet.address.toLowerCase(), active: true },
    });
    return added.json().data.id;
  }

  it('only finance keeps partners; every change is audited; the public page lists the active ones', async () => {
    const refused = await t.injectAs(viewer, 'POST /api/admin/aid-fund/partners', {
      name: 'X',
      address: partnerWallet.address,
    });
    expect(refused.statusCode).toBe(403);
    const bad = await t.injectAs(finance, 'POST /api/admin/aid-fund/partners', { name: 'X', address: '0x12' });
    expect(bad.json()).toMatchObject({ code: 1001, data: { field: 'address' } });
    for (const website of [
      'http://calm.example.org',
      'HTTPS://calm.example.org',
      'https:/calm',
      'javascript:alert(1)',
    ]) {
      const refusedSite = await t.injectAs(finance, 'POST /api/admin/aid-fund/partners', {
        name: 'X',
        address: partnerWallet.address,
        website,
      });
      expect(refusedSite.json()).toMatchObject({ code: 1001, data: { field: 'website' } });
    }
    const id = await addPartner();
    const off = await t.injectAs(finance, `PATCH /api/admin/aid-fund/partners/${id}`, { active: false });
    expect(off.json()).toMatchObject({ code: 0, data: { active: false } });
    let partners = (await t.app.inject({ method: 'GET', url: '/api/aid-fund' })).json().data.partners;
    expect(partners.map((p: { id: string }) => p.id)).not.toContain(id);
    await t.injectAs(finance, `PATCH /api/admin/aid-fund/partners/${id}`, { active: true });
    partners = (await t.app.inject({ method: 'GET', url: '/api/aid-fund' })).json().data.partners;
    expect(partners).toContainEqual({
      id,
      name: 'Calm Minds Foundation',
      address: partnerWallet.address.toLowerCase(),
      website: 'https://calm.example.org',
    });
    const audit = await t.database.db
      .selectFrom('operator_audit')
      .select('action')
      .where('subject_type', '=', 'aid_partner')
      .where('subject_id', '=', id)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['aid_partner.add', 'aid_partner.deactivate', 'aid_partner.update']);
    const missing = await t.injectAs(finance, 'PATCH /api/admin/aid-fund/partners/999999', { active: false });
    expect(missing.json()).toMatchObject({ code: errorCatalog.aid_partner_not_found.code });
  });

  it('a grant needs a second finance operator, leaves the fund once, is paid on chain once, then shows with its tx hash', async () => {
    const partnerId = await addPartner();
    const donor = await t.userWith({ usdt: '100', fundPassword: 'pass-123' });
    const donated = await t.injectAs(donor, 'POST /api/aid-fund/donations', {
      asset: 'USDT',
      amount: '60',
      fund_password: 'pass-123',
    });
    expect(donated.json().code).toBe(0);
    const before = await fundUsdt();

    const tooMuch = await t.injectAs(finance, 'POST /api/admin/aid-fund/grants', {
      partner_id: partnerId,
      asset: 'USDT',
      amount: plus(before.balance, '1'),
      reason: 'monthly grant',
    });
    expect(tooMuch.json()).toMatchObject({ code: errorCatalog.aid_fund_insufficient.code, data: { field: 'amount' } });

    const proposed = await t.injectAs(finance, 'POST /api/admin/aid-fund/grants', {
      partner_id: partnerId,
      asset: 'USDT',
      amount: '25.5',
      reason: 'monthly grant',
    });
    expect(proposed.json()).toMatchObject({
      code: 0,
      data: {
        kind: 'aid_grant.pay',
        subject_type: 'aid_grant',
        status: 'pending',
        aid_grant: {
          partner_id: partnerId,
          partner: 'Calm Minds Foundation',
          address: partnerWallet.address.toLowerCase(),
          asset: 'USDT',
          amount: '25.5',
        },
      },
    });
    const proposal = proposed.json().data;
    const grantId = proposal.subject_id;

    // The proposer cannot approve; nothing left the fund.
    const own = await t.injectAs(finance, `POST /api/admin/proposals/${proposal.id}/approve`);
    expect(own.json()).toMatchObject({ code: errorCatalog.proposal_own.code });
    expect((await fundUsdt()).balance).toBe(before.balance);
    expect(await t.database.db.selectFrom('aid_grants').selectAll().execute()).toEqual([]);

    const hotBefore = await onChain(chain.hotWallet.address);
    const partnerBefore = await onChain(partnerWallet.address);
    const approved = await t.injectAs(finance2, `POST /api/admin/proposals/${proposal.id}/approve`);
    expect(approved.json()).toMatchObject({ code: 0, data: { status: 'approved' } });
    const granting = await fundUsdt();
    expect(minus(before.balance, granting.balance)).toBe('25.5');
    expect(granting.granting).toBe('25.5');
    // Approving again does nothing more.
    expect((await t.injectAs(finance2, `POST /api/admin/proposals/${proposal.id}/approve`)).json().code).not.toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/aid-fund/grants' })).json().data.items).toEqual([]);

    await settle();
    await settle();
    expect(await onChain(partnerWallet.address)).toBe(partnerBefore + parseUnits('25.5', 18));
    expect(await onChain(chain.hotWallet.address)).toBe(hotBefore - parseUnits('25.5', 18));
    const grant = await t.database.db
      .selectFrom('aid_grants')
      .selectAll()
      .where('id', '=', grantId)
      .executeTakeFirstOrThrow();
    expect(grant).toMatchObject({
      status: 'paid',
      proposal_id: proposal.id,
      to_address: partnerWallet.address.toLowerCase(),
    });
    const receipt = await anvil.getTransactionReceipt({ hash: grant.tx_hash as `0x${string}` });
    expect(receipt.status).toBe('success');

    const [shown] = (await t.app.inject({ method: 'GET', url: '/api/aid-fund/grants' })).json().data.items;
    expect(shown).toEqual({
      id: grantId,
      partner: 'Calm Minds Foundation',
      asset: 'USDT',
      amount: '25.5',
      tx_hash: grant.tx_hash,
      paid_at: expect.any(String),
    });
    const after = await fundUsdt();
    expect(after).toMatchObject({ balance: granting.balance, granted: '25.5', granting: '0' });
    const consoleGrants = (await t.injectAs(viewer, 'GET /api/admin/aid-fund/grants')).json().data.items;
    expect(consoleGrants[0]).toMatchObject({ id: grantId, status: 'paid', approved_by: expect.any(String) });
    expect((await checkBooks(t.database)).problems).toEqual([]);
  });

  it("a grant's payout is in the console's withdrawals: no user, its grant and partner named", async () => {
    const partnerId = await addPartner();
    const donor = await donate('20');
    const proposal = (
      await t.injectAs(finance, 'POST /api/admin/aid-fund/grants', {
        partner_id: partnerId,
        asset: 'USDT',
        amount: '7.25',
        reason: 'shown among the payouts',
      })
    ).json().data;
    expect((await t.injectAs(finance2, `POST /api/admin/proposals/${proposal.id}/approve`)).json().code).toBe(0);
    const grantId: string = proposal.subject_id;

    const listed = await t.injectAs(viewer, 'GET /api/admin/withdrawals?limit=100');
    expect(listed.statusCode).toBe(200);
    const payout = listed
      .json()
      .data.items.find((w: { aid_grant: { id: string } | null }) => w.aid_grant?.id === grantId);
    expect(payout).toMatchObject({
      user: null,
      aid_grant: { id: grantId, partner_id: partnerId, partner: 'Calm Minds Foundation' },
      asset: 'USDT',
      amount: '7.25',
      to_address: partnerWallet.address.toLowerCase(),
    });
    const grant = (await t.injectAs(viewer, 'GET /api/admin/aid-fund/grants')).json().data.items;
    expect(grant.find((g: { id: string }) => g.id === grantId).withdrawal_id).toBe(payout.id);
    // A user's own withdrawals do not include it, and theirs still name them.
    const byDonor = await t.injectAs(viewer, `GET /api/admin/withdrawals?user=${donor.userinfo.bsc}`);
    expect(byDonor.json().data.items).toEqual([]);
    await settle();
    await settle();
  });

  it("a held grant payout's proposal names the grant's partner, address and amount (it has no user)", async () => {
    const partnerId = await addPartner();
    await donate('10');
    const grant = (
      await t.injectAs(finance, 'POST /api/admin/aid-fund/grants', {
        partner_id: partnerId,
        asset: 'USDT',
        amount: '3.5',
        reason: 'held on its way out',
      })
    ).json().data;
    expect((await t.injectAs(finance2, `POST /api/admin/proposals/${grant.id}/approve`)).json().code).toBe(0);
    const { id: withdrawalId } = await t.database.db
      .selectFrom('withdrawals')
      .select('id')
      .where('aid_grant_id', '=', grant.subject_id)
      .executeTakeFirstOrThrow();
    // As the payout worker leaves a payout whose nonce was spent without a receipt (payout-settle).
    await t.database.db
      .updateTable('withdrawals')
      .set({ status: 'held', review_reason: 'nonce' })
      .where('id', '=', withdrawalId)
      .execute();
    const proposed = await t.injectAs(finance, 'POST /api/admin/proposals', {
      kind: 'withdrawal.reject',
      subject_id: withdrawalId,
      reason: 'never reached the partner',
    });
    expect(proposed.json()).toMatchObject({
      code: 0,
      data: {
        subject: null,
        aid_grant: {
          partner_id: partnerId,
          partner: 'Calm Minds Foundation',
          address: partnerWallet.address.toLowerCase(),
          asset: 'USDT',
          amount: '3.5',
        },
      },
    });
    const listed = (
      await t.injectAs(viewer, `GET /api/admin/proposals?status=pending&subject_id=${withdrawalId}`)
    ).json().data.items;
    expect(listed).toEqual([
      expect.objectContaining({ id: proposed.json().data.id, aid_grant: expect.objectContaining({ amount: '3.5' }) }),
    ]);
    await t.injectAs(finance, `POST /api/admin/proposals/${proposed.json().data.id}/withdraw`);
  });

  it('a failed payout returns the amount to the fund, and the grant shows failed, never paid', async () => {
    const partnerId = await addPartner();
    await donate('50');
    const proposal = (
      await t.injectAs(finance, 'POST /api/admin/aid-fund/grants', {
        partner_id: partnerId,
        asset: 'USDT',
        amount: '10',
        reason: 'a grant that fails',
      })
    ).json().data;
    await t.injectAs(finance2, `POST /api/admin/proposals/${proposal.id}/approve`);
    const before = await fundUsdt();
    // The payout is sent, then the hot wallet's tokens go elsewhere before it is mined: it reverts,
    // and once past the confirmations the worker refunds it — to the fund, as a user's to the user.
    const hot = await onChain(chain.hotWallet.address);
    await anvil.setAutomine(false);
    try {
      await t.app.payouts!.processOnce();
      await setHotUsdt(0n);
      await anvil.mine({ blocks: 1 });
    } finally {
      await anvil.setAutomine(true);
    }
    await setHotUsdt(hot);
    await anvil.mine({ blocks: 3 });
    expect(await t.app.payouts!.processOnce()).toMatchObject({ refunded: 1 });
    const after = await fundUsdt();
    expect(minus(after.balance, before.balance)).toBe('10');
    const grant = await t.database.db
      .selectFrom('aid_grants')
      .selectAll()
      .where('id', '=', proposal.subject_id)
      .executeTakeFirstOrThrow();
    expect(grant).toMatchObject({ status: 'failed', tx_hash: null, paid_at: null });
    await settle();
    const paid = (await t.app.inject({ method: 'GET', url: '/api/aid-fund/grants' })).json().data.items;
    expect(paid.map((g: { id: string }) => g.id)).not.toContain(proposal.subject_id);
    expect((await checkBooks(t.database)).problems).toEqual([]);
  });

  it('a partner edited after the proposal is not paid at its old address: the approval is refused', async () => {
    const partnerId = await addPartner();
    await donate('20');
    const proposal = (
      await t.injectAs(finance, 'POST /api/admin/aid-fund/grants', {
        partner_id: partnerId,
        asset: 'USDT',
        amount: '5',
        reason: 'before the address changed',
      })
    ).json().data;
    await t.injectAs(finance, `PATCH /api/admin/aid-fund/partners/${partnerId}`, {
      address: privateKeyToAccount(generatePrivateKey()).address,
    });
    const refused = await t.injectAs(finance2, `POST /api/admin/proposals/${proposal.id}/approve`);
    expect(refused.json()).toMatchObject({ code: errorCatalog.proposal_subject_changed.code });
    expect(
      await t.database.db.selectFrom('aid_grants').selectAll().where('id', '=', proposal.subject_id).execute(),
    ).toEqual([]);
  });

  it('two grants approved at once that the fund cannot both cover: one is paid, the other refused, the fund never negative', async () => {
    const partnerId = await addPartner();
    const start = (await fundUsdt()).balance;
    await donate('30');
    const amount = times(plus(start, '30'), '0.6');
    const proposals = [];
    for (const reason of ['first of two', 'second of two'])
      proposals.push(
        (
          await t.injectAs(finance, 'POST /api/admin/aid-fund/grants', {
            partner_id: partnerId,
            asset: 'USDT',
            amount,
            reason,
          })
        ).json().data,
      );
    const answers = await Promise.all(
      proposals.map((p) => t.injectAs(finance2, `POST /api/admin/proposals/${p.id}/approve`)),
    );
    const codes = answers.map((a) => a.json().code).sort();
    expect(codes).toEqual([0, errorCatalog.aid_fund_insufficient.code].sort());
    expect(compare((await fundUsdt()).balance, '0')).toBeGreaterThanOrEqual(0);
    expect((await checkBooks(t.database)).problems).toEqual([]);
  });
});
