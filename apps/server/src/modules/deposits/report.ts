import { formatUnits, TransactionReceiptNotFoundError, type Hex } from 'viem';
import type { Asset, Deposit, Page } from '@wallx/shared';
import { decodeKeysetCursor, encodeKeysetCursor } from '../../platform/pagination/cursor.js';
import { toPage, type PageQuery } from '../../platform/pagination/page.js';
import type { ChainContext } from '../../platform/chain/context.js';
import { undecided } from '../../platform/chain/rpc-nodes.js';
import type { Db } from '../../platform/db/database.js';
import { transaction } from '../../platform/db/transaction.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { DepositCredit } from './credit.js';
import type { createDepositNews } from './deposit-news.js';
import type { DepositRepository, DepositRow, ReportState } from './repository.js';

type Deps = {
  db: Db;
  chain: ChainContext;
  repository: DepositRepository;
  news: ReturnType<typeof createDepositNews>;
  credit: DepositCredit;
  /** How many deposits a user may have reported that the chain has not settled yet (each report costs RPC calls). */
  maxUnresolvedReports: number;
};

/** The hashes users report, what the chain says of each (crediting it once confirmed), and their deposits list. */
export function createDepositReports({ db, chain, repository, news, credit, maxUnresolvedReports }: Deps) {
  async function checkReport(user: { id: string; address: string }, asset: Asset, txHash: Hex): Promise<ReportState> {
    // Receipt, head and block as a quorum of healthy nodes gives them: one node alone counts nothing.
    const rpc = await chain.rpc.quorum();
    let receipt;
    try {
      receipt = await rpc.getTransactionReceipt({ hash: txHash });
    } catch (error) {
      if (error instanceof TransactionReceiptNotFoundError)
        return { status: 'pending', confirmations: 0, reason: null };
      throw error;
    }
    if (receipt.status !== 'success') return { status: 'failed', confirmations: 0, reason: 'reverted' };
    const found = await credit.depositsAmong(
      db,
      credit.toTransfers(receipt.logs).filter((t) => t.asset === asset),
    );
    if (found.length === 0) return { status: 'invalid', confirmations: 0, reason: 'not_a_deposit' };
    // The user's: to their own address (whoever sent it), or to the shared one from their wallet.
    const theirs = found.filter((d) => (d.owner ? d.owner === user.id : d.transfer.from === user.address));
    if (theirs.length === 0) return { status: 'invalid', confirmations: 0, reason: 'other_sender' };
    const head = await rpc.getBlockNumber();
    const confirmations = Number(head - receipt.blockNumber + 1n);
    // What it moves to the user is known from the receipt: shown while it confirms (decision 126).
    const amount = formatUnits(
      theirs.reduce((sum, d) => sum + d.transfer.value, 0n),
      chain.decimals,
    );
    if (confirmations < chain.confirmations) return { status: 'confirming', confirmations, reason: null, amount };
    // Still on the canonical chain? A reorganised block would have another hash at that height.
    const block = await rpc.getBlock({ blockNumber: receipt.blockNumber });
    if (block.hash?.toLowerCase() !== receipt.blockHash.toLowerCase())
      return { status: 'pending', confirmations: 0, reason: null };
    const elsewhere = await transaction(db, async (trx) => {
      let others = 0;
      for (const d of theirs) {
        if (await credit.credit(trx, d)) continue;
        // Credited before: to this user (the scanner was first), or, before they registered, by an
        // operator to the account it was proved to belong to (decision 81).
        if ((await repository.creditedUserOf(trx, d.transfer.txHash, d.transfer.logIndex)) !== user.id) others++;
      }
      return others;
    });
    if (elsewhere > 0) return { status: 'invalid', confirmations, reason: 'credited_elsewhere' };
    return { status: 'credited', confirmations, reason: null };
  }

  function toDeposit({ reported_us: _position, ...row }: DepositRow): Deposit {
    return {
      ...row,
      confirmations: row.status === 'credited' ? Math.max(row.confirmations, chain.confirmations) : row.confirmations,
      required_confirmations: chain.confirmations,
      reported_at: row.reported_at.toISOString(),
    };
  }

  return {
    /** What the chain says of a reported hash now, crediting it once confirmed (each scanner pass asks again). */
    checkReport,

    /** The app reports the hash it sent; the chain decides what it is. */
    async report(user: { id: string; address: string }, asset: Asset, txHash: string): Promise<Deposit> {
      const hash = txHash.toLowerCase() as Hex;
      // A new hash is refused while the user has many reports that credited nothing (unsettled, or
      // others' transactions, or none of ours): otherwise a script reporting made-up hashes, or real
      // hashes of strangers' transfers, costs us RPC calls without end. (The per-user rate limit bounds a burst.)
      const reports = await repository.reportsOf(db, user.id, hash);
      if (!reports.isKnown && reports.uncredited >= maxUnresolvedReports)
        throw new AppError('deposit_reports_pending', { field: 'tx_hash' });
      // The nodes could not agree now: what the user saw stands; a new report waits as pending.
      const state =
        (await checkReport(user, asset, hash).catch(undecided)) ??
        (reports.isKnown ? null : ({ status: 'pending', confirmations: 0, reason: null } as const));
      if (state) await news.saveReport(user, asset, hash, state);
      const [row] = await repository.list(db, user.id, { limit: 1, confirmations: chain.confirmations, txHash: hash });
      return toDeposit(row!);
    },

    async list(userId: string, query: PageQuery): Promise<Page<Deposit>> {
      const position = decodeKeysetCursor(
        query.cursor,
        (v) => /^\d{1,20}$/.test(v),
        (id) => /^0x[0-9a-f]{64}$/.test(id),
      );
      const after = position && { reportedUs: position.v, txHash: position.id };
      const rows = await repository.list(db, userId, { limit: query.limit, confirmations: chain.confirmations, after });
      const page = toPage(rows, query.limit, (last) => encodeKeysetCursor({ v: last.reported_us, id: last.tx_hash }));
      return { items: page.items.map(toDeposit), next_cursor: page.next_cursor };
    },
  };
}
export type DepositReports = ReturnType<typeof createDepositReports>;
