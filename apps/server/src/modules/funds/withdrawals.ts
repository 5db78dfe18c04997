import { sql } from 'kysely';
import {
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  http,
  keccak256,
  parseUnits,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
  type Hex,
} from 'viem';
import type { Asset, Withdrawal, WithdrawalRequest } from '@wallx/shared';
import type { ChainContext } from '../../chain/context.js';
import type { Db, Executor } from '../../db/database.js';
import type { WithdrawalsTable } from '../../db/schema.js';
import { takeLease } from '../../db/lease.js';
import { transaction } from '../../db/transaction.js';
import { AppError } from '../../http/app-error.js';
import type { Ledger } from '../ledger/ledger.js';
import type { UserRepository } from '../user/repository.js';
import type { FundPasswords } from './fund-password.js';
import type { Idempotency } from './idempotency.js';
import { decodeCursor, encodeCursor } from './repository.js';
import type { WithdrawalRepository } from './withdrawal-repository.js';

type Row = {
  id: string;
  user_id: string;
  asset: Asset;
  amount: string;
  fee: string;
  to_address: string;
  status: WithdrawalStatus;
  nonce: string | null;
  broadcast_block: string | null;
  tx_hash: string | null;
  created_at: Date;
  updated_at: Date;
};

type WithdrawalStatus = WithdrawalsTable['status'];

const toWithdrawal = (r: Row): Withdrawal => ({
  id: r.id,
  asset: r.asset,
  amount: r.amount,
  fee: r.fee,
  to_address: r.to_address,
  // A payout held for an operator is, to its owner, still being processed.
  status: r.status === 'held' ? 'processing' : (r.status as Withdrawal['status']),
  tx_hash: r.tx_hash,
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
});

const columns = [
  'id',
  'user_id',
  'asset',
  sql<string>`trim_scale(amount)::text`.as('amount'),
  sql<string>`trim_scale(fee)::text`.as('fee'),
  'to_address',
  'status',
  'nonce',
  'broadcast_block',
  'tx_hash',
  'created_at',
  'updated_at',
] as const;

const maxBigInt = (a: bigint, b: bigint) => (a > b ? a : b);
const unlessNotFound =
  (notFound: new (...args: never[]) => Error) =>
  (error: unknown): null => {
    if (error instanceof notFound) return null;
    throw error;
  };

/** Decimal strings compared exactly, through base units. */
const units = (amount: string) => parseUnits(amount, 18);

type Deps = {
  db: Db;
  chain: ChainContext;
  ledger: Ledger;
  users: UserRepository;
  fundPasswords: FundPasswords;
  idempotency: Idempotency;
  repository: WithdrawalRepository;
  instanceId: string;
  /** A broadcast transaction not mined after this long is replaced at the same nonce with more gas. */
  stuckAfterMs?: number;
};

/**
 * Withdrawals: the amount and fee leave the balance at once (ledger); a payout worker pays from the
 * hot wallet. The signed transaction is stored before it is broadcast, so a crash between the two
 * re-sends the same bytes (same hash) and never pays twice. A withdrawal that cannot be paid, or that
 * an operator rejects, is refunded in full.
 */
export function createWithdrawals({ db, chain, ledger, users, fundPasswords, idempotency, repository, instanceId, stuckAfterMs = 60_000 }: Deps) {
  const wallet = createWalletClient({ account: chain.hotWallet, transport: http(chain.rpcUrl) });
  const lease = `payout:${chain.chainId}`;
  const leaseMs = 120_000;
  const gasLimit = 120_000n;

  async function refund(trx: Executor, w: Row, status: 'refunded' | 'rejected', reason: string) {
    await ledger.post(trx, { debit: { platform: 'withdrawals' }, credit: { user: w.user_id }, asset: w.asset, amount: w.amount, type: 'withdrawal_refund', ref: { type: 'withdrawal', id: w.id } });
    if (units(w.fee) > 0n) {
      await ledger.post(trx, { debit: { platform: 'fees' }, credit: { user: w.user_id }, asset: w.asset, amount: w.fee, type: 'withdrawal_refund', ref: { type: 'withdrawal', id: w.id } });
    }
    await trx.updateTable('withdrawals').set({ status, failure_reason: reason, updated_at: new Date() }).where('id', '=', w.id).execute();
  }

  async function lockOne(trx: Executor, id: string) {
    return trx.selectFrom('withdrawals').select(columns).where('id', '=', id).forUpdate().executeTakeFirst() as Promise<Row | undefined>;
  }

  /**
   * Signs the payout, stores it, then broadcasts it; a stored one is re-sent as is. It is stored
   * only while this instance still holds the payout lease and the withdrawal is still in the state
   * it was read in, so a pass that outlived its lease never pays (or takes a nonce) a second time.
   * False when it was not sent for that reason.
   */
  async function pay(w: Row, head: bigint, gasBump = 1n): Promise<boolean> {
    const token = chain.tokens[w.asset];
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [w.to_address as Hex, units(w.amount)] });
    const gasPrice = ((await chain.client.getGasPrice()) * (100n + 25n * (gasBump - 1n))) / 100n;
    const nonce = w.nonce ? Number(w.nonce) : await allocateNonce();
    const request = await wallet.prepareTransactionRequest({ chain: null, to: token, data, nonce, gasPrice, gas: gasLimit, chainId: chain.chainId, type: 'legacy' });
    const raw = await wallet.signTransaction({ ...request, chain: null });
    const hash = keccak256(raw);
    const stored = await transaction(db, async (trx) => {
      if (!(await takeLease(trx, lease, instanceId, leaseMs))) return false;
      const now = await lockOne(trx, w.id);
      if (!now || now.status !== w.status || now.nonce !== w.nonce) return false;
      await trx.insertInto('withdrawal_transactions').values({ tx_hash: hash, withdrawal_id: w.id, nonce: String(nonce), gas_price: gasPrice.toString(), raw_tx: raw }).onConflict((oc) => oc.doNothing()).execute();
      // The nonce was not spent at `head` (taken from the pending count after it): where to look for who spent it, if ever.
      const broadcastBlock = w.nonce ? w.broadcast_block : head.toString();
      await trx.updateTable('withdrawals').set({ status: 'broadcast', nonce: String(nonce), broadcast_block: broadcastBlock, tx_hash: hash, updated_at: new Date() }).where('id', '=', w.id).execute();
      return true;
    });
    if (!stored) return false;
    await chain.client.sendRawTransaction({ serializedTransaction: raw });
    return true;
  }

  /**
   * Why this withdrawal must wait for an operator, if it must. Splitting cannot beat the threshold:
   * it applies to the user's last 24 hours together; and past the platform's hourly cap nothing more
   * leaves without review. Called under the asset's lock, so concurrent requests see each other.
   */
  async function reviewReasonFor(trx: Executor, userId: string, asset: Asset, amount: bigint): Promise<'amount' | 'daily_total' | 'hourly_cap' | null> {
    const limits = chain.withdraw[asset];
    if (amount > units(limits.reviewAbove)) return 'amount';
    const { userDay, platformHour } = await repository.recentTotals(trx, userId, asset);
    if (units(userDay) + amount > units(limits.reviewAbove)) return 'daily_total';
    if (units(platformHour) + amount > units(limits.hourlyCap)) return 'hourly_cap';
    return null;
  }

  /**
   * The receipt of the first of `sent` that was mined, or null. Only "not found" means not mined: any
   * other RPC error ends the pass (retried later), since taking an RPC failure for "not mined" could
   * requeue a payout that was in fact made.
   */
  async function firstReceipt(sent: { tx_hash: string }[]) {
    for (const tx of sent) {
      const receipt = await chain.client.getTransactionReceipt({ hash: tx.tx_hash as Hex }).catch(unlessNotFound(TransactionReceiptNotFoundError));
      if (receipt) return receipt;
    }
    return null;
  }

  /**
   * Who spent the nonce of `w`: the first block at or before `settledBlock` where the hot wallet's
   * transaction count passes it (found by bisection from the block the payout was sent at), and
   * whether any of our transactions is in that block. Anything that cannot be established — state the
   * node no longer keeps, a block without the transaction, an RPC error — holds the payout for an
   * operator rather than risk paying twice.
   */
  async function spenderOfNonce(w: Row, sent: { tx_hash: string }[], settledBlock: bigint): Promise<{ isOther: boolean; block: bigint; reason: string }> {
    const nonce = Number(w.nonce);
    const countAt = (blockNumber: bigint) => chain.client.getTransactionCount({ address: chain.hotWallet.address, blockNumber });
    try {
      let lo = w.broadcast_block !== null ? BigInt(w.broadcast_block) : maxBigInt(0n, settledBlock - 10_000n);
      if ((await countAt(lo)) > nonce) return { isOther: false, block: lo, reason: `nonce ${nonce} already spent at block ${lo}, where the search starts` };
      let hi = settledBlock;
      while (hi - lo > 1n) {
        const mid = (lo + hi) / 2n;
        if ((await countAt(mid)) > nonce) hi = mid;
        else lo = mid;
      }
      const block = await chain.client.getBlock({ blockNumber: hi });
      const ours = new Set(sent.map((tx) => tx.tx_hash.toLowerCase()));
      const isOurs = block.transactions.some((hash) => ours.has(hash.toLowerCase()));
      return isOurs
        ? { isOther: false, block: hi, reason: `nonce ${nonce} spent in block ${hi} by our own payout, but the node returns no receipt for it` }
        : { isOther: true, block: hi, reason: '' };
    } catch (error) {
      return { isOther: false, block: settledBlock, reason: `could not find the block that spent nonce ${nonce}: ${(error as Error).message.split('\n')[0]}` };
    }
  }

  /** BNB for gas: a payout the hot wallet cannot pay gas for stays queued instead of failing at the node. */
  async function canPayGas(): Promise<boolean> {
    const [bnb, gasPrice] = await Promise.all([chain.client.getBalance({ address: chain.hotWallet.address }), chain.client.getGasPrice()]);
    return bnb >= gasLimit * gasPrice * 2n;
  }

  /**
   * The next nonce: past everything the node knows and everything we signed (all signed payouts are
   * stored before broadcast, so none is missed). One worker at a time holds the payout lease.
   */
  async function allocateNonce(): Promise<number> {
    const onChain = await chain.client.getTransactionCount({ address: chain.hotWallet.address, blockTag: 'pending' });
    const { rows } = await sql<{ next: string | null }>`
      select (max(t.nonce) + 1)::text as next from withdrawal_transactions t
      join withdrawals w on w.id = t.withdrawal_id where w.status = 'broadcast'`.execute(db);
    return Math.max(onChain, Number(rows[0]?.next ?? 0));
  }

  return {
    config() {
      return {
        USDT: { min: chain.withdraw.USDT.min, fee: chain.withdraw.USDT.fee },
        WALLX: { min: chain.withdraw.WALLX.min, fee: chain.withdraw.WALLX.fee },
      };
    },

    async request(user: { id: string; address: string }, input: WithdrawalRequest, key: string | undefined): Promise<{ withdrawal: Withdrawal }> {
      const { fund_password, ...body } = input;
      const idem = { userId: user.id, key, scope: 'funds.withdraw', body };
      const earlier = await idempotency.previous<{ withdrawal: Withdrawal }>(idem);
      if (earlier) return earlier;

      const limits = chain.withdraw[input.asset];
      const amount = units(input.amount);
      if (amount % units('10') !== 0n) throw new AppError('withdrawal_not_multiple', { field: 'amount' });
      if (amount < units(limits.min)) throw new AppError('withdrawal_too_small', { field: 'amount' });
      const balances = await users.balances(db, user.id);
      const balance = units(input.asset === 'USDT' ? balances.usdt : balances.wallx);
      if (balance < amount) throw new AppError(input.asset === 'USDT' ? 'insufficient_usdt' : 'insufficient_wallx', { field: 'amount' });
      if (balance < amount + units(limits.fee)) throw new AppError('insufficient_fee', { field: 'amount' });
      await fundPasswords.verify(user.id, fund_password);

      return idempotency.run(idem, async (trx) => {
        await repository.lockAsset(trx, input.asset);
        const reviewReason = await reviewReasonFor(trx, user.id, input.asset, amount);
        const row = (await trx
          .insertInto('withdrawals')
          .values({
            user_id: user.id,
            asset: input.asset,
            amount: input.amount,
            fee: limits.fee,
            to_address: user.address,
            status: reviewReason ? 'pending_review' : 'queued',
            review_reason: reviewReason,
          })
          .returning(columns)
          .executeTakeFirstOrThrow()) as Row;
        await ledger.post(trx, { debit: { user: user.id }, credit: { platform: 'withdrawals' }, asset: input.asset, amount: input.amount, type: 'withdrawal', ref: { type: 'withdrawal', id: row.id } });
        if (units(limits.fee) > 0n) {
          try {
            await ledger.post(trx, { debit: { user: user.id }, credit: { platform: 'fees' }, asset: input.asset, amount: limits.fee, type: 'withdrawal_fee', ref: { type: 'withdrawal', id: row.id } });
          } catch (error) {
            // The amount was covered and the fee not: say so, as the spec's message does.
            if (error instanceof AppError) throw new AppError('insufficient_fee', { field: 'amount', cause: error });
            throw error;
          }
        }
        return { withdrawal: toWithdrawal(row) };
      });
    },

    async list(userId: string, query: { limit: number; cursor?: string | undefined }) {
      let q = db.selectFrom('withdrawals').select(columns).where('user_id', '=', userId).orderBy('id', 'desc').limit(query.limit);
      const before = decodeCursor(query.cursor);
      if (before) q = q.where('id', '<', before);
      const rows = (await q.execute()) as Row[];
      return { items: rows.map(toWithdrawal), next_cursor: rows.length === query.limit ? encodeCursor(rows.at(-1)!.id) : null };
    },

    /** An operator's decision on a withdrawal waiting for review, or on a held payout; audited. */
    async review(operator: string, id: string, decision: 'approve' | 'reject', note: string | null): Promise<Withdrawal> {
      return transaction(db, async (trx) => {
        const w = await lockOne(trx, id);
        if (!w) throw new AppError('withdrawal_not_found');
        if (w.status !== 'pending_review' && w.status !== 'held') throw new AppError('withdrawal_status_error');
        if (decision === 'approve') {
          // Approving a held payout says it was not paid: it is paid anew at a new nonce.
          await trx.updateTable('withdrawals').set({ status: 'queued', nonce: null, tx_hash: null, broadcast_block: null, updated_at: new Date() }).where('id', '=', id).execute();
        } else {
          await refund(trx, w, 'rejected', `rejected by operator${note ? `: ${note}` : ''}`);
        }
        await trx.insertInto('operator_audit').values({ operator, action: `withdrawal.${decision}`, subject_type: 'withdrawal', subject_id: id, detail: JSON.stringify({ note }) }).execute();
        return toWithdrawal((await lockOne(trx, id))!);
      });
    },

    /**
     * One pass of the payout worker (one instance at a time): settle broadcast payouts (completed
     * after N confirmations, refunded if reverted, re-sent if the node lost them, replaced if stuck),
     * then pay queued ones while the hot wallet can cover them. Held payouts are only settled.
     */
    async processOnce(): Promise<{ paid: number; completed: number; refunded: number; requeued: number; held: number }> {
      const outcome = { paid: 0, completed: 0, refunded: 0, requeued: 0, held: 0 };
      if (!(await takeLease(db, lease, instanceId, leaseMs))) return outcome;
      const head = await chain.client.getBlockNumber();
      // The hot wallet's nonce as of the block that has the required confirmations: a nonce below it is spent for good.
      const settledBlock = maxBigInt(0n, head - BigInt(chain.confirmations) + 1n);
      const settledNonce = await chain.client.getTransactionCount({ address: chain.hotWallet.address, blockNumber: settledBlock });

      const open = (await db.selectFrom('withdrawals').select(columns).where('status', 'in', ['broadcast', 'held']).orderBy('id').limit(50).execute()) as Row[];
      for (const w of open) {
        const sent = await db.selectFrom('withdrawal_transactions').select(['tx_hash', 'raw_tx', 'created_at']).where('withdrawal_id', '=', w.id).orderBy('created_at', 'desc').execute();
        const mined = await firstReceipt(sent);
        if (mined) {
          if (mined.status !== 'success') {
            await transaction(db, async (trx) => {
              const locked = await lockOne(trx, w.id);
              if (locked?.status === w.status) await refund(trx, locked, 'refunded', 'payout transaction reverted');
            });
            outcome.refunded++;
          } else if (head - mined.blockNumber + 1n >= BigInt(chain.confirmations)) {
            await db.updateTable('withdrawals').set({ status: 'completed', tx_hash: mined.transactionHash, updated_at: new Date() }).where('id', '=', w.id).where('status', '=', w.status).execute();
            outcome.completed++;
          }
          continue;
        }
        const latest = sent[0];
        // A held payout waits for an operator (or for its receipt to appear): never re-sent, never paid anew here.
        if (!latest || w.status === 'held') continue;
        if (w.nonce !== null && Number(w.nonce) < settledNonce) {
          // None of our transactions shows a receipt, yet the nonce is spent and confirmed. Paying
          // anew is safe only if the transaction that spent it is not one of ours (a node that lags,
          // or has pruned its transaction index, answers "no receipt" for a payout it made).
          const verdict = await spenderOfNonce(w, sent, settledBlock);
          // Every hash checked once more, now that the node has shown the block that spent the nonce.
          if (verdict.isOther && (await firstReceipt(sent))) continue;
          const isNodeBehind = verdict.isOther && (await chain.client.getBlockNumber()) < verdict.block;
          const next = verdict.isOther && !isNodeBehind ? 'queued' : 'held';
          const reason = isNodeBehind ? `the node fell behind block ${verdict.block}, which spent nonce ${w.nonce}` : verdict.reason;
          const changed = await transaction(db, async (trx) => {
            if (!(await takeLease(trx, lease, instanceId, leaseMs))) return false;
            const locked = await lockOne(trx, w.id);
            if (locked?.status !== 'broadcast' || locked.nonce !== w.nonce) return false;
            const set =
              next === 'queued'
                ? { status: 'queued' as const, nonce: null, tx_hash: null, broadcast_block: null, failure_reason: `nonce ${w.nonce} spent by another transaction in block ${verdict.block}` }
                : { status: 'held' as const, review_reason: 'nonce' as const, failure_reason: reason };
            await trx.updateTable('withdrawals').set({ ...set, updated_at: new Date() }).where('id', '=', w.id).execute();
            return true;
          });
          if (changed) outcome[next === 'queued' ? 'requeued' : 'held']++;
          continue;
        }
        const pending = await chain.client.getTransaction({ hash: latest.tx_hash as Hex }).catch(unlessNotFound(TransactionNotFoundError));
        if (!pending) {
          // Signed and stored but never seen by the node (a crash before broadcast, or dropped): the same bytes again.
          await chain.client.sendRawTransaction({ serializedTransaction: latest.raw_tx as Hex }).catch(() => undefined);
        } else if (Date.now() - latest.created_at.getTime() > stuckAfterMs) {
          await pay(w, head, BigInt(sent.length + 1));
        }
      }

      const queued = (await repository.pickableQueued(db, 20).select(columns).execute()) as Row[];
      for (const w of queued) {
        const available = await chain.client.readContract({ address: chain.tokens[w.asset], abi: erc20Abi, functionName: 'balanceOf', args: [chain.hotWallet.address] });
        // The hot wallet cannot cover it now: it stays queued, nothing is lost; an operator tops up.
        if (available < units(w.amount) || !(await canPayGas())) continue;
        if (await pay(w, head)) outcome.paid++;
      }
      return outcome;
    },
  };
}
export type Withdrawals = ReturnType<typeof createWithdrawals>;
