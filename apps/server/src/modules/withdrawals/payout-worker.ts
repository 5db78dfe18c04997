import {
  encodeFunctionData,
  erc20Abi,
  keccak256,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
  type Hex,
  type PublicClient,
} from 'viem';
import type { ChainContext } from '../../platform/chain/context.js';
import { signForHotWallet } from '../../platform/chain/hot-wallet-signing.js';
import { undecided } from '../../platform/chain/rpc-nodes.js';
import type { Db } from '../../platform/db/database.js';
import { coldTransfersInFlight } from '../../platform/db/hot-wallet.js';
import { LEASE_TTL_MS, runLeased, takeLease, type LeaseObserver } from '../../platform/db/lease.js';
import { transaction } from '../../platform/db/transaction.js';
import { units, type WithdrawalPostings } from './postings.js';
import type { SentTransaction, WithdrawalRepository, WithdrawalRow } from './repository.js';

const maxBigInt = (a: bigint, b: bigint) => (a > b ? a : b);
const unlessNotFound =
  (notFound: new (...args: never[]) => Error) =>
  (error: unknown): null => {
    if (error instanceof notFound) return null;
    throw error;
  };

/** A broadcast payout not mined after this long is replaced at the same nonce (and shown as stuck to operators). */
export const PAYOUT_STUCK_AFTER_MS = 60_000;

type PassOutcome = { paid: number; completed: number; refunded: number; requeued: number; held: number };

type Deps = {
  db: Db;
  chain: ChainContext;
  repository: WithdrawalRepository;
  postings: WithdrawalPostings;
  instanceId: string;
  /** A broadcast transaction not mined after this long is replaced at the same nonce with more gas. */
  stuckAfterMs?: number;
  /** Sees every pass, held or not (JOB_TRACE_FILE). */
  observe?: LeaseObserver | undefined;
};

/**
 * The payout worker: pays queued withdrawals from the hot wallet. The signed transaction is stored
 * before it is broadcast, so a crash between the two re-sends the same bytes (same hash) and never
 * pays twice. A payout that cannot be made is refunded in full.
 */
export function createPayoutWorker({
  db,
  chain,
  repository,
  postings,
  instanceId,
  stuckAfterMs = PAYOUT_STUCK_AFTER_MS,
  observe,
}: Deps) {
  const lease = `payout:${chain.chainId}`;
  const leaseMs = LEASE_TTL_MS;
  const gasLimit = 120_000n;

  /**
   * Signs the payout, stores it, then broadcasts it; a stored one is re-sent as is. It is stored
   * only while this instance still holds the payout lease and the withdrawal is still in the state
   * it was read in, so a pass that outlived its lease never pays (or takes a nonce) a second time:
   * `lost` then. `unsigned` when the signer did not sign it: the payout stays as it was and waits.
   */
  async function pay(
    rpc: PublicClient,
    w: WithdrawalRow,
    head: bigint,
    gasBump = 1n,
  ): Promise<'sent' | 'lost' | 'unsigned'> {
    const token = chain.tokens[w.asset];
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [w.to_address as Hex, units(w.amount)],
    });
    const gasPrice = ((await chain.client.getGasPrice()) * (100n + 25n * (gasBump - 1n))) / 100n;
    const nonce = w.nonce ? Number(w.nonce) : await allocateNonce(rpc);
    const raw = await signForHotWallet(db, chain, {
      to: token,
      data,
      nonce,
      gasPrice,
      gas: gasLimit,
      chainId: chain.chainId,
    });
    if (!raw) return 'unsigned';
    const hash = keccak256(raw);
    const stored = await transaction(db, async (trx) => {
      if (!(await takeLease(trx, lease, instanceId, leaseMs))) return false;
      const now = await repository.lock(trx, w.id);
      if (!now || now.status !== w.status || now.nonce !== w.nonce) return false;
      // The nonce was not spent at `head` (taken from the pending count after it): where to look for who spent it, if ever.
      const broadcastBlock = w.nonce ? w.broadcast_block : head.toString();
      await repository.storeSigned(trx, { withdrawalId: w.id, txHash: hash, nonce, gasPrice, raw, broadcastBlock });
      return true;
    });
    if (!stored) return 'lost';
    await chain.client.sendRawTransaction({ serializedTransaction: raw });
    return 'sent';
  }

  /**
   * The receipt of the first of `sent` that was mined, or null. Only "not found" means not mined: any
   * other RPC error ends the pass (retried later), since taking an RPC failure for "not mined" could
   * requeue a payout that was in fact made.
   */
  async function firstReceipt(rpc: PublicClient, sent: { tx_hash: string }[]) {
    for (const tx of sent) {
      const receipt = await rpc
        .getTransactionReceipt({ hash: tx.tx_hash as Hex })
        .catch(unlessNotFound(TransactionReceiptNotFoundError));
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
  async function spenderOfNonce(
    rpc: PublicClient,
    w: WithdrawalRow,
    sent: { tx_hash: string }[],
    settledBlock: bigint,
  ): Promise<{ isOther: boolean; isOurs: boolean; block: bigint; reason: string }> {
    const nonce = Number(w.nonce);
    const countAt = (blockNumber: bigint) => rpc.getTransactionCount({ address: chain.hotWallet.address, blockNumber });
    try {
      let lo = w.broadcast_block !== null ? BigInt(w.broadcast_block) : maxBigInt(0n, settledBlock - 10_000n);
      if ((await countAt(lo)) > nonce)
        return {
          isOther: false,
          isOurs: false,
          block: lo,
          reason: `nonce ${nonce} already spent at block ${lo}, where the search starts`,
        };
      let hi = settledBlock;
      while (hi - lo > 1n) {
        const mid = (lo + hi) / 2n;
        if ((await countAt(mid)) > nonce) hi = mid;
        else lo = mid;
      }
      const block = await rpc.getBlock({ blockNumber: hi });
      const ours = new Set(sent.map((tx) => tx.tx_hash.toLowerCase()));
      const isOurs = block.transactions.some((hash) => ours.has(hash.toLowerCase()));
      return isOurs
        ? {
            isOther: false,
            isOurs: true,
            block: hi,
            reason: `nonce ${nonce} spent in block ${hi} by our own payout, but the node returns no receipt for it`,
          }
        : { isOther: true, isOurs: false, block: hi, reason: '' };
    } catch (error) {
      return {
        isOther: false,
        isOurs: false,
        block: settledBlock,
        reason: `could not find the block that spent nonce ${nonce}: ${(error as Error).message.split('\n')[0]}`,
      };
    }
  }

  /**
   * BNB for gas: a payout the hot wallet cannot pay gas for stays queued instead of failing at the
   * node. The payouts still unmined will spend their gas first.
   */
  async function canPayGas(unmined: number): Promise<boolean> {
    const [bnb, gasPrice] = await Promise.all([
      chain.client.getBalance({ address: chain.hotWallet.address }),
      chain.client.getGasPrice(),
    ]);
    return bnb >= gasLimit * gasPrice * (2n + BigInt(unmined));
  }

  /**
   * The next nonce: past everything the node knows and everything we signed (all signed payouts are
   * stored before broadcast, so none is missed). One worker at a time holds the payout lease.
   */
  async function allocateNonce(rpc: PublicClient): Promise<number> {
    const onChain = await rpc.getTransactionCount({ address: chain.hotWallet.address, blockTag: 'pending' });
    return Math.max(onChain, await repository.nextSignedNonce(db));
  }

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
    const verdict = await spenderOfNonce(rpc, w, sent, settledBlock);
    // Every hash checked once more, now that the node has shown the block that spent the nonce.
    if (verdict.isOther && (await firstReceipt(rpc, sent))) return null;
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

  /** One pass, holding the lease (renewed wherever a nonce is taken or a payout settled). */
  async function pass(outcome: PassOutcome): Promise<PassOutcome> {
    // Every question of a payout's fate is answered alike by a quorum of healthy nodes (chain/rpc-nodes.ts).
    const rpc = await chain.rpc.quorum();
    const { head, settledBlock, settledNonce } = await settled(rpc);

    // Once the signer fails, the pass signs nothing more: each try would wait out its timeout.
    let isSignerDown = false;
    // What the payouts not yet mined will take from the hot wallet: its balance does not show them yet.
    const unmined = { USDT: 0n, WALLX: 0n, count: 0 };
    for (const w of await repository.open(db, 50)) {
      const sent = await repository.sentTransactions(db, w.id);
      const mined = await firstReceipt(rpc, sent);
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
        isSignerDown = (await pay(rpc, w, head, BigInt(sent.length + 1))) === 'unsigned';
      }
    }

    // Tokens on their way to cold storage may still show in the hot wallet's balance.
    const toCold = { USDT: await coldTransfersInFlight(db, 'USDT'), WALLX: await coldTransfersInFlight(db, 'WALLX') };
    for (const w of isSignerDown ? [] : await repository.pickableQueued(db, 20)) {
      const balance = await chain.client.readContract({
        address: chain.tokens[w.asset],
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [chain.hotWallet.address],
      });
      // Below the low-water mark payouts wait (they stay queued) until an operator tops the hot
      // wallet up from cold storage; the console names the reason (hot_wallet_low).
      if (balance < chain.treasury.hot[w.asset].low) continue;
      // The hot wallet cannot cover it beside what is already on its way: it stays queued, nothing is
      // lost and no gas is spent on a payout bound to revert; an operator tops up.
      const available = balance - unmined[w.asset] - toCold[w.asset];
      if (available < units(w.amount) || !(await canPayGas(unmined.count))) continue;
      const result = await pay(rpc, w, head);
      // A payout the signer did not sign stays queued (users see it processing; operators see signer_unavailable).
      if (result === 'unsigned') break;
      if (result === 'sent') {
        outcome.paid++;
        unmined[w.asset] += units(w.amount);
        unmined.count++;
      }
    }
    return outcome;
  }

  /** The hot wallet's nonce as of the newest block with the required confirmations: below it, spent for good. */
  async function settled(rpc: PublicClient): Promise<{ head: bigint; settledBlock: bigint; settledNonce: number }> {
    const head = await rpc.getBlockNumber();
    const settledBlock = maxBigInt(0n, head - BigInt(chain.confirmations) + 1n);
    const settledNonce = await rpc.getTransactionCount({
      address: chain.hotWallet.address,
      blockNumber: settledBlock,
    });
    return { head, settledBlock, settledNonce };
  }

  /** recheckHeld's question, asked of the quorum. */
  async function recheck(id: string): Promise<'paid' | 'not_paid' | 'undetermined'> {
    const w = await repository.one(db, id);
    if (!w || w.nonce === null) return 'undetermined';
    const sent = await repository.sentTransactions(db, w.id);
    const rpc = await chain.rpc.quorum();
    const { head, settledBlock, settledNonce } = await settled(rpc);
    const receipt = await firstReceipt(rpc, sent);
    if (receipt?.status === 'success') return 'paid';
    if (receipt) return head - receipt.blockNumber + 1n >= BigInt(chain.confirmations) ? 'not_paid' : 'undetermined';
    if (Number(w.nonce) >= settledNonce) return 'undetermined';
    const verdict = await spenderOfNonce(rpc, w, sent, settledBlock);
    if (verdict.isOurs) return 'paid';
    if (!verdict.isOther) return 'undetermined';
    return (await firstReceipt(rpc, sent))?.status === 'success' ? 'paid' : 'not_paid';
  }

  return {
    /**
     * Whether a held payout was made, asked of the chain now, before an operator's decision on it
     * takes effect (decision 80): `paid` when any of its transactions succeeded or its nonce was
     * spent by one of them, `not_paid` only when none can be mined any more (a reverted receipt past
     * the confirmations, or the nonce spent for good by another transaction, every hash checked
     * again after), otherwise `undetermined`.
     */
    async recheckHeld(id: string): Promise<'paid' | 'not_paid' | 'undetermined'> {
      // Nodes that cannot agree now (too few healthy, or no quorum alike) determine nothing.
      return (await recheck(id).catch(undecided)) ?? 'undetermined';
    },

    /**
     * One pass (one instance at a time): settle broadcast payouts (completed after N confirmations,
     * refunded if reverted, re-sent if the node lost them, replaced if stuck), then pay queued ones
     * while the hot wallet can cover them. Held payouts are only settled.
     */
    async processOnce(): Promise<PassOutcome> {
      const idle: PassOutcome = { paid: 0, completed: 0, refunded: 0, requeued: 0, held: 0 };
      return (
        (await runLeased(db, { name: lease, holder: instanceId, ttlMs: leaseMs, observe }, () => pass({ ...idle }))) ??
        idle
      );
    },
  };
}
export type PayoutWorker = ReturnType<typeof createPayoutWorker>;
