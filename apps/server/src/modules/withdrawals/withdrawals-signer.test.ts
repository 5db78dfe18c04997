import { sql } from 'kysely';
import { parseUnits, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChainContext } from '../../platform/chain/context.js';
import {
  startSignerProxy,
  type SignerProxy,
  type SignerProxyMode,
} from '../../platform/chain/hot-wallet-signer.fixtures.js';
import { devAccount, LOCAL_ROLES } from '../../platform/chain/local-node.js';
import { loadConfig } from '../../platform/config/config.js';
import { chainMoves } from '../../test/chain-moves.js';
import { checkBooks, login, type Session, type TestApp } from '../../test/helpers.js';
import { type Anvil, startWithdrawals, withdrawalsHelpers } from './withdrawals.fixtures.js';

const token = 'signer-token';
const signerEnv = (url: string) => ({
  SIGNER_URL: url,
  SIGNER_AUTH_HEADER: `Authorization: Bearer ${token}`,
  SIGNER_TIMEOUT_MS: '500',
});

/**
 * Payouts, their replacements and sweeps signed by an external signer (issue 34): anvil's own
 * `eth_signTransaction` for its unlocked dev account, behind a proxy the tests switch off or turn
 * bad. The server holds no key; a signer that does not sign makes payouts wait, never fail.
 */
describe('the hot wallet signed by an external signer', () => {
  let proxy: SignerProxy;
  let chain: ChainContext;
  let anvil: Anvil;
  let t: TestApp;
  let finance: { authorization: string };
  const stranger = devAccount(7).address;
  beforeAll(async () => {
    proxy = await startSignerProxy({ token, otherFrom: stranger, otherTo: devAccount(6).address });
    ({ chain, anvil, t, finance } = await startWithdrawals(signerEnv(proxy.url)));
    proxy.target = chain.rpcUrl;
  });
  afterAll(async () => {
    await t?.close();
    await chain?.stop();
    await proxy.close();
  });
  const { withdraw, onChain, transactionsOf } = withdrawalsHelpers(() => ({ t, chain, anvil }));
  const payouts = () => t.app.payouts!;
  const statusOf = async (id: string) =>
    (await t.database.db.selectFrom('withdrawals').select('status').where('id', '=', id).executeTakeFirstOrThrow())
      .status;
  const hotWallet = async () => (await t.injectAs(finance, 'GET /api/admin/hot-wallet')).json().data;
  /** Whether the console (and so the metrics) name the signer as why payouts wait. */
  async function expectWaitingOnSigner(isWaiting: boolean, error?: RegExp) {
    const hot = await hotWallet();
    for (const asset of hot.assets) {
      expect(asset.payouts_wait_reason).toBe(isWaiting ? 'signer_unavailable' : null);
      if (isWaiting) expect(asset.payouts_waiting).toBe(true);
    }
    expect(hot.signer.kind).toBe('external');
    expect(hot.signer.failing_since === null).toBe(!isWaiting);
    if (error) expect(hot.signer.error).toMatch(error);
  }
  /** Settles what the payout worker sent: mined past the confirmations, then completed. */
  async function settle(id: string) {
    await anvil.mine({ blocks: 2 });
    await payouts().processOnce();
    expect(await statusOf(id)).toBe('completed');
  }
  const userWithUsdt = () => t.userWith({ usdt: '100', fundPassword: 'pass-123' });
  const latestSeenBy = async (user: Session) =>
    (await t.injectAs(user, 'GET /api/funds/withdrawals')).json().data.items[0].status;

  it('pays a withdrawal through the signer; the server’s configuration and chain hold no key', async () => {
    const config = loadConfig({ ...signerEnv(proxy.url), HOT_WALLET_PRIVATE_KEY: '' });
    expect(config.chain.hotWallet).toEqual({
      kind: 'signer',
      url: proxy.url,
      method: 'eth_signTransaction',
      headers: { Authorization: `Bearer ${token}` },
      address: null,
      timeoutMs: 500,
    });
    expect(JSON.stringify(config)).not.toMatch(/[0-9a-f]{64}/i);
    expect(Object.keys(chain.hotWallet).sort()).toEqual(['address', 'kind', 'signTransaction']);
    expect(chain.hotWallet).toMatchObject({ kind: 'external', address: devAccount(LOCAL_ROLES.hotWallet).address });

    const user = await userWithUsdt();
    const before = await onChain(user.account.address);
    const calls = proxy.signCalls;
    const w = (await withdraw(user, '30')).json().data.withdrawal;
    expect(await payouts().processOnce()).toMatchObject({ paid: 1 });
    expect(proxy.signCalls).toBe(calls + 1);
    await settle(w.id);
    expect(await onChain(user.account.address)).toBe(before + parseUnits('30', 18));
    await expectWaitingOnSigner(false);
  });

  it.each([
    ['down', /did not sign/],
    ['hang', /took too long/],
  ] as const)(
    'a signer %s: the payout waits, queued (not failed) to its user, operators see signer_unavailable; paid once it signs again',
    async (mode, error) => {
      const user = await userWithUsdt();
      const before = await onChain(user.account.address);
      const w = (await withdraw(user, '20')).json().data.withdrawal;
      proxy.mode = mode;
      try {
        for (let pass = 0; pass < 2; pass++) {
          const started = Date.now();
          expect(await payouts().processOnce()).toMatchObject({ paid: 0, refunded: 0 });
          // One timeout per pass at most: the pass stops signing once the signer has failed.
          expect(Date.now() - started).toBeLessThan(5_000);
        }
        expect(await statusOf(w.id)).toBe('queued');
        expect(await latestSeenBy(user)).toBe('queued');
        expect(await transactionsOf(w.id)).toEqual([]);
        await expectWaitingOnSigner(true, error);
      } finally {
        proxy.mode = 'forward';
      }
      expect(await payouts().processOnce()).toMatchObject({ paid: 1 });
      await expectWaitingOnSigner(false);
      await settle(w.id);
      expect(await onChain(user.account.address)).toBe(before + parseUnits('20', 18));
      expect((await checkBooks(t.database)).problems).toEqual([]);
    },
  );

  it.each([
    ['other-key', /signed by/],
    ['other-to', /to 0x/],
  ] as const)(
    'a signer returning another transaction (%s): nothing is stored or broadcast, the payout waits',
    async (mode: SignerProxyMode, error: RegExp) => {
      const user = await userWithUsdt();
      const w = (await withdraw(user, '20')).json().data.withdrawal;
      const pendingOf = (address: Address) => anvil.getTransactionCount({ address, blockTag: 'pending' });
      const hotNonce = await pendingOf(chain.hotWallet.address);
      const strangerNonce = await pendingOf(stranger);
      proxy.mode = mode;
      try {
        expect(await payouts().processOnce()).toMatchObject({ paid: 0 });
      } finally {
        proxy.mode = 'forward';
      }
      expect(await transactionsOf(w.id)).toEqual([]);
      expect(await statusOf(w.id)).toBe('queued');
      expect(await pendingOf(chain.hotWallet.address)).toBe(hotNonce);
      expect(await pendingOf(stranger)).toBe(strangerNonce);
      expect((await anvil.getTxpoolContent()).pending).toEqual({});
      await expectWaitingOnSigner(true, error);
      expect(await payouts().processOnce()).toMatchObject({ paid: 1 });
      await settle(w.id);
    },
  );

  it('a stuck payout is replaced through the signer, once it signs again: paid once', async () => {
    const user = await userWithUsdt();
    const before = await onChain(user.account.address);
    const w = (await withdraw(user, '40')).json().data.withdrawal;
    await anvil.setAutomine(false);
    try {
      await payouts().processOnce();
      await sql`update withdrawal_transactions set created_at = now() - interval '2 minutes' where withdrawal_id = ${w.id}`.execute(
        t.database.db,
      );
      proxy.mode = 'down';
      await payouts().processOnce();
      expect(await transactionsOf(w.id)).toHaveLength(1);
      await expectWaitingOnSigner(true);
      proxy.mode = 'forward';
      await payouts().processOnce();
    } finally {
      proxy.mode = 'forward';
      await anvil.setAutomine(true);
    }
    const sent = await transactionsOf(w.id);
    expect(sent).toHaveLength(2);
    expect(sent[0]!.nonce).toBe(sent[1]!.nonce);
    expect(BigInt(sent[1]!.gas_price)).toBeGreaterThan(BigInt(sent[0]!.gas_price));
    await anvil.mine({ blocks: 1 });
    await settle(w.id);
    expect(await onChain(user.account.address)).toBe(before + parseUnits('40', 18));
  });

  it('sweeps a user’s deposit address through the signer, and replaces the stuck sweep through it, each after waiting while it was down', async () => {
    const moves = chainMoves(chain, anvil);
    const exchange = await moves.funded();
    const user = await login(t.app, await moves.funded());
    const own = (await t.injectAs(user, 'GET /api/funds/recharge/address')).json().data.address as Address;
    await moves.send(exchange, chain.tokens.USDT, own, '25');
    await anvil.mine({ blocks: 2 });
    while ((await t.app.deposits!.scanOnce())!.to < (await anvil.getBlockNumber()) - 1n);
    const hotBefore = await onChain(chain.hotWallet.address);
    const sweep = () => t.database.db.selectFrom('sweeps').selectAll().where('status', '=', 'sent').execute();
    const sweepOnce = () => t.app.treasury!.sweepOnce();
    await anvil.setAutomine(false);
    try {
      proxy.mode = 'down';
      expect(await sweepOnce()).toMatchObject({ sent: 0 });
      expect(await sweep()).toEqual([]);
      await expectWaitingOnSigner(true);
      proxy.mode = 'forward';
      const calls = proxy.signCalls;
      expect(await sweepOnce()).toMatchObject({ sent: 1 });
      expect(proxy.signCalls).toBe(calls + 1);
      await expectWaitingOnSigner(false);
      const [first] = await sweep();
      // Stuck (older than the limit): signed again at its nonce, but not while the signer is down.
      await sql`update sweeps set signed_at = now() - interval '2 minutes' where id = ${first!.id}`.execute(
        t.database.db,
      );
      proxy.mode = 'down';
      expect(await sweepOnce()).toMatchObject({ replaced: 0 });
      expect(await sweep()).toMatchObject([{ tx_hash: first!.tx_hash, replaced_tx_hashes: [] }]);
      proxy.mode = 'forward';
      expect(await sweepOnce()).toMatchObject({ replaced: 1 });
      expect(await sweep()).toMatchObject([{ nonce: first!.nonce, replaced_tx_hashes: [first!.tx_hash] }]);
      await anvil.mine({ blocks: 1 });
    } finally {
      proxy.mode = 'forward';
      await anvil.setAutomine(true);
    }
    await anvil.mine({ blocks: 2 });
    expect(await sweepOnce()).toMatchObject({ confirmed: 1 });
    expect(await onChain(chain.hotWallet.address)).toBe(hotBefore + parseUnits('25', 18));
  });
});
