import { sql } from 'kysely';
import { formatUnits, parseEventLogs, TransactionReceiptNotFoundError, erc20Abi, type Hex, type Log } from 'viem';
import type { Asset, Deposit } from '@wallx/shared';
import type { ChainContext } from '../../chain/context.js';
import type { Db, Executor } from '../../db/database.js';
import { takeLease } from '../../db/lease.js';
import { transaction } from '../../db/transaction.js';
import { AppError } from '../../http/app-error.js';
import type { Ledger } from '../ledger/ledger.js';
import type { UserRepository } from '../user/repository.js';

const transferEvent = erc20Abi.find((item) => item.type === 'event' && item.name === 'Transfer')!;

type TransferLog = { txHash: string; logIndex: number; asset: Asset; from: string; to: string; value: bigint; blockNumber: bigint; blockHash: string };

/**
 * Money enters only from the chain. A deposit is credited when the chain itself shows a Transfer of
 * a supported token to the deposit address, from a registered user, with enough confirmations;
 * each (tx hash, log index) once, whether the app reported it or the scanner found it.
 */
type Deps = {
  db: Db;
  chain: ChainContext;
  ledger: Ledger;
  users: UserRepository;
  instanceId: string;
  /** How many deposits a user may have reported that the chain has not settled yet (each report costs RPC calls). */
  maxUnresolvedReports: number;
};

export function createDeposits({ db, chain, ledger, users, instanceId, maxUnresolvedReports }: Deps) {
  const cursorName = `deposits:${chain.chainId}:${chain.depositAddress.toLowerCase()}`;
  const assetOf = new Map(Object.entries(chain.tokens).map(([asset, address]) => [address.toLowerCase(), asset as Asset]));
  const deposit = chain.depositAddress.toLowerCase();

  function toTransfers(logs: Log[]): TransferLog[] {
    return parseEventLogs({ abi: [transferEvent], logs, strict: true }).flatMap((log) => {
      const asset = assetOf.get(log.address.toLowerCase());
      if (!asset || log.args.to.toLowerCase() !== deposit || log.args.value === 0n || log.blockNumber === null) return [];
      return [{ txHash: log.transactionHash!.toLowerCase(), logIndex: log.logIndex!, asset, from: log.args.from.toLowerCase(), to: log.args.to.toLowerCase(), value: log.args.value, blockNumber: log.blockNumber, blockHash: log.blockHash!.toLowerCase() }];
    });
  }

  /** Credits one confirmed transfer once; false when the sender is not a user or it was credited before. */
  async function credit(trx: Executor, t: TransferLog): Promise<boolean> {
    const userId = await users.findIdByAddress(trx, t.from);
    if (!userId) return false;
    const amount = formatUnits(t.value, chain.decimals);
    const row = await trx
      .insertInto('deposits')
      .values({ user_id: userId, asset: t.asset, tx_hash: t.txHash, log_index: t.logIndex, from_address: t.from, amount, block_number: t.blockNumber.toString(), block_hash: t.blockHash })
      .onConflict((oc) => oc.columns(['tx_hash', 'log_index']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) return false;
    await ledger.post(trx, { debit: { platform: 'deposits' }, credit: { user: userId }, asset: t.asset, amount, type: 'deposit', ref: { type: 'deposit', id: row.id } });
    await trx.updateTable('deposit_reports').set({ status: 'credited', reason: null, checked_at: new Date() }).where('user_id', '=', userId).where('tx_hash', '=', t.txHash).execute();
    return true;
  }

  /** The newest block that has the required confirmations (block b has head − b + 1). */
  async function safeHead(): Promise<bigint> {
    return (await chain.client.getBlockNumber()) - BigInt(chain.confirmations - 1);
  }

  async function checkReport(user: { id: string; address: string }, asset: Asset, txHash: Hex): Promise<{ status: Deposit['status']; confirmations: number; reason: string | null }> {
    let receipt;
    try {
      receipt = await chain.client.getTransactionReceipt({ hash: txHash });
    } catch (error) {
      if (error instanceof TransactionReceiptNotFoundError) return { status: 'pending', confirmations: 0, reason: null };
      throw error;
    }
    if (receipt.status !== 'success') return { status: 'failed', confirmations: 0, reason: 'reverted' };
    const transfers = toTransfers(receipt.logs).filter((t) => t.asset === asset);
    if (transfers.length === 0) return { status: 'invalid', confirmations: 0, reason: 'not_a_deposit' };
    if (transfers.every((t) => t.from !== user.address)) return { status: 'invalid', confirmations: 0, reason: 'other_sender' };
    const head = await chain.client.getBlockNumber();
    const confirmations = Number(head - receipt.blockNumber + 1n);
    if (confirmations < chain.confirmations) return { status: 'confirming', confirmations, reason: null };
    // Still on the canonical chain? A reorganised block would have another hash at that height.
    const block = await chain.client.getBlock({ blockNumber: receipt.blockNumber });
    if (block.hash?.toLowerCase() !== receipt.blockHash.toLowerCase()) return { status: 'pending', confirmations: 0, reason: null };
    await transaction(db, async (trx) => {
      for (const t of transfers) if (t.from === user.address) await credit(trx, t);
    });
    return { status: 'credited', confirmations, reason: null };
  }

  async function saveReport(userId: string, asset: Asset, txHash: string, state: { status: Deposit['status']; confirmations: number; reason: string | null }) {
    await sql`insert into deposit_reports (user_id, tx_hash, asset, status, confirmations, reason)
      values (${userId}, ${txHash}, ${asset}, ${state.status}, ${state.confirmations}, ${state.reason})
      on conflict (user_id, tx_hash) do update set status = case when deposit_reports.status = 'credited' then 'credited' else excluded.status end,
        confirmations = excluded.confirmations, reason = excluded.reason, checked_at = now()`.execute(db);
  }

  return {
    config() {
      return {
        chain_id: chain.chainId,
        rpc_url: chain.publicRpcUrl,
        explorer_url: chain.explorerUrl,
        deposit_address: chain.depositAddress,
        confirmations: chain.confirmations,
        tokens: {
          USDT: { address: chain.tokens.USDT, decimals: chain.decimals },
          WALLX: { address: chain.tokens.WALLX, decimals: chain.decimals },
        },
      };
    },

    /** The app reports the hash it sent; the chain decides what it is. */
    async report(user: { id: string; address: string }, asset: Asset, txHash: string): Promise<Deposit> {
      const hash = txHash.toLowerCase() as Hex;
      // A new hash is refused while the user has many the chain has not settled: otherwise a script
      // reporting made-up hashes costs us RPC calls without end. (The per-user rate limit bounds a burst.)
      const { rows } = await sql<{ known: boolean; unresolved: string }>`
        select exists (select 1 from deposit_reports where user_id = ${user.id} and tx_hash = ${hash}) as known,
          (select count(*) from deposit_reports where user_id = ${user.id} and status in ('pending', 'confirming')
            and reported_at > now() - interval '24 hours')::text as unresolved`.execute(db);
      if (!rows[0]!.known && Number(rows[0]!.unresolved) >= maxUnresolvedReports) throw new AppError('deposit_reports_pending', { field: 'tx_hash' });
      const state = await checkReport(user, asset, hash);
      await saveReport(user.id, asset, hash, state);
      return (await this.list(user.id, { limit: 100 })).find((d) => d.tx_hash === hash)!;
    },

    async list(userId: string, { limit }: { limit: number }): Promise<Deposit[]> {
      const { rows } = await sql<{ tx_hash: string; asset: Asset; status: Deposit['status']; amount: string | null; confirmations: number; reason: string | null; reported_at: Date }>`
        select * from (
          select r.tx_hash, r.asset, case when d.amount is not null then 'credited' else r.status end as status,
            trim_scale(d.amount)::text as amount, r.confirmations, r.reason, r.reported_at
          from deposit_reports r
          left join (select tx_hash, user_id, sum(amount) as amount from deposits group by tx_hash, user_id) d
            on d.tx_hash = r.tx_hash and d.user_id = r.user_id
          where r.user_id = ${userId}
          union all
          select d.tx_hash, min(d.asset), 'credited', trim_scale(sum(d.amount))::text, ${chain.confirmations}, null, min(d.credited_at)
          from deposits d
          where d.user_id = ${userId}
            and not exists (select 1 from deposit_reports r where r.user_id = d.user_id and r.tx_hash = d.tx_hash)
          group by d.tx_hash
        ) all_deposits order by reported_at desc limit ${limit}`.execute(db);
      return rows.map((r) => ({
        ...r,
        confirmations: r.status === 'credited' ? Math.max(r.confirmations, chain.confirmations) : r.confirmations,
        required_confirmations: chain.confirmations,
        reported_at: r.reported_at.toISOString(),
      }));
    },

    /**
     * Reads confirmed blocks from the stored cursor in bounded ranges and credits every deposit in
     * them. One instance at a time (a lease); the cursor moves in the same transaction as the
     * credits, so a crash re-reads the range and credits nothing twice.
     */
    async scanOnce(): Promise<{ from: bigint; to: bigint; credited: number } | null> {
      if (!(await takeLease(db, cursorName, instanceId, 60_000))) return null;
      const safe = await safeHead();
      const cursor = await db.selectFrom('chain_cursors').select('block_number').where('name', '=', cursorName).executeTakeFirst();
      // A new deployment starts at the current confirmed head (local: from genesis).
      const last = cursor ? BigInt(cursor.block_number) : chain.kind === 'local' ? -1n : safe - 1n;
      const from = last + 1n;
      const to = from + BigInt(chain.scanBlockRange) - 1n < safe ? from + BigInt(chain.scanBlockRange) - 1n : safe;
      if (to < from) return { from, to, credited: 0 };
      const logs = await chain.client.getLogs({
        address: Object.values(chain.tokens),
        event: transferEvent,
        args: { to: chain.depositAddress },
        fromBlock: from,
        toBlock: to,
      });
      let credited = 0;
      await transaction(db, async (trx) => {
        for (const t of toTransfers(logs as Log[])) if (await credit(trx, t)) credited++;
        await sql`insert into chain_cursors (name, block_number) values (${cursorName}, ${to.toString()})
          on conflict (name) do update set block_number = excluded.block_number, updated_at = now()`.execute(trx);
      });
      return { from, to, credited };
    },
  };
}
export type Deposits = ReturnType<typeof createDeposits>;
