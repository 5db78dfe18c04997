import { TransactionNotFoundError, type Hex, type PublicClient } from 'viem';
import { takeLease } from '../../platform/db/lease.js';
import { transaction } from '../../platform/db/transaction.js';
import { unlessNotFound, type PayoutFate } from './payout-fate.js';
import type { PayoutSender } from './payout-send.js';
import type { PassOutcome, PayoutContext } from './payout-context.js';
import { units } from './postings.js';
import type { SentTransaction, WithdrawalRow } from './repository.js';

/** What the payouts not yet mined will take from the hot wallet: its balance does not show them yet. */
export type Unmined = { USDT: bigint; WALLX: bigint; count: number };

/**
 * Settling the payouts already sent: completed after the confirmations, refunded if reverted, re-sent
 * if the node lost them, replaced if stuck, requeued or held when their nonce was spent without a receipt.
 */
export function createPayoutSettlement(ctx: PayoutContext, fate: PayoutFate, sender: PayoutSender) {
  const { db, chain, repository, postings, instanceId, lease, leaseMs, stuckAfterMs } = ctx;

  /**
   * A payout none of whose transactions shows a receipt, yet whose nonce is spent and confirmed.
   * Paying anew is safe only if the transaction that spent it is not one of ours (a node that lags,
   * or has pruned its transaction index, answers "no receipt" for a payout it made); anything else
   * holds it for an operator.
   */
  async function settleSpentNonce(
    rpc: PublicClient,
    w: WithdrawalRow,
    sent: SentTransaction[],
    settledBlock: bigint,
  ): Promise<'requeued' | 'held' | null> {
    const verdict = await fate.spenderOfNonce(rpc, w, sent, settledBlock);
    // Every hash checked once more, now that the node has shown the block that spent the nonce.
    if (verdict.isOther && (await fate.firstReceipt(rpc, sent))) return null;
    const isNodeBehind = verdict.isOther && (await rpc.getBlockNumber()) < verdict.block;
    const next = verdict.isOther && !isNodeBehind ? 'requeued' : 'held';
    const reason = isNodeBehind
      ? `the node fell behind block ${verdict.block}, which spent nonce ${w.nonce}`
      : verdict.reason;
    const changed = await transaction(db, async (trx) => {
      if (!(await takeLease(trx, lease, instanceId, leaseMs))) return false;
      const locked = await repository.lock(trx, w.id);
      if (locked?.status !== 'broadcast' || locked.nonce !== w.nonce) return false;
      if (next === 'requeued')
        await repository.requeue(trx, w.id, `nonce ${w.nonce} spent by another transaction in block ${verdict.block}`);
      else await repository.hold(trx, w.id, reason);
      return true;
    });
    return changed ? next : null;
  }

  /** Settles every open payout; what it leaves for paying the queued ones: whether the signer failed, and what is on its way. */
  async function settleOpen(
    rpc: PublicClient,
    { head, settledBlock, settledNonce }: { head: bigint; settledBlock: bigint; settledNonce: number },
    outcome: PassOutcome,
  ): Promise<{ isSignerDown: boolean; unmined: Unmined }> {
    // Once the signer fails, the pass signs nothing more: each try would wait out its timeout.
    let isSignerDown = false;
    const unmined: Unmined = { USDT: 0n, WALLX: 0n, count: 0 };
    for (const w of await repository.open(db, 50)) {
      const sent = await repository.sentTransactions(db, w.id);
      const mined = await fate.firstReceipt(rpc, sent);
      if (mined) {
        // A receipt either way is final only past the confirmations: a reorg could still mine the same
        // signed transaction with the other outcome, so a revert is refunded no sooner than a success completes.
        if (head - mined.blockNumber + 1n < BigInt(chain.confirmations)) continue;
        if (mined.status !== 'success') {
          await transaction(db, async (trx) => {
            const locked = await repository.lock(trx, w.id);
            if (locked?.status === w.status)
              await postings.refund(trx, locked, 'refunded', 'payout transaction reverted');
          });
          outcome.refunded++;
        } else {
          await repository.complete(db, w.id, w.status, mined.transactionHash);
          outcome.completed++;
        }
        continue;
      }
      if (sent.length > 0) {
        unmined[w.asset] += units(w.amount);
        unmined.count++;
      }
      const latest = sent[0];
      // A held payout waits for an operator (or for its receipt to appear): never re-sent, never paid anew here.
      if (!latest || w.status === 'held') continue;
      if (w.nonce !== null && Number(w.nonce) < settledNonce) {
        const settled = await settleSpentNonce(rpc, w, sent, settledBlock);
        if (settled) outcome[settled]++;
        continue;
      }
      // Not a money question (mempools differ from node to node): at worst the same bytes are sent
      // again, or a stuck payout is replaced at its own nonce.
      const pending = await chain.client
        .getTransaction({ hash: latest.tx_hash as Hex })
        .catch(unlessNotFound(TransactionNotFoundError));
      if (!pending) {
        // Signed and stored but never seen by the node (a crash before broadcast, or dropped): the same bytes again.
        await chain.client.sendRawTransaction({ serializedTransaction: latest.raw_tx as Hex }).catch(() => undefined);
      } else if (!isSignerDown && Date.now() - latest.created_at.getTime() > stuckAfterMs) {
        isSignerDown = (await sender.pay(rpc, w, head, BigInt(sent.length + 1))) === 'unsigned';
      }
    }
    return { isSignerDown, unmined };
  }

  return { settleOpen };
}
