import {
  formatLog,
  formatUnits,
  numberToHex,
  TransactionReceiptNotFoundError,
  type Hex,
  type Log,
  type PublicClient,
  type RpcLog,
} from 'viem';
import type { Asset, Deposit, Page, UnattributedDeposit } from '@wallx/shared';
import { recordAudit } from '../../kernel/audit/audit.js';
import { decodeKeysetCursor, encodeKeysetCursor } from '../../platform/pagination/cursor.js';
import { pageById, toPage, type PageQuery } from '../../platform/pagination/page.js';
import type { ChainContext } from '../../platform/chain/context.js';
import { depositAddressOf } from '../../platform/chain/deposit-address.js';
import { undecided } from '../../platform/chain/rpc-nodes.js';
import type { Db, Executor } from '../../platform/db/database.js';
import { LEASE_TTL_MS, runLeased, type LeaseObserver } from '../../platform/db/lease.js';
import { transaction } from '../../platform/db/transaction.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { UserRepository } from '../../kernel/users/repository.js';
import type { UserEvents } from '../../kernel/user-events/user-events.js';
import { createDepositNews } from './deposit-news.js';
import type { Ledger } from '../../kernel/ledger/ledger.js';
import type { DecisionHandler } from '../../kernel/money-decisions/decision-handler.js';
import type { DepositRepository, DepositRow, ReportState, Sighting } from './repository.js';
import { creditOf, transferTopic, transfersAmong, type TransferLog } from './transfer-logs.js';

/** A transfer that is a deposit, and the user whose address it reached (null: the shared address). */
type FoundDeposit = { transfer: TransferLog; owner: string | null };

/**
 * Money enters only from the chain. A deposit is credited when the chain itself shows a Transfer of
 * a supported token, with enough confirmations, either to a user's own deposit address (from any
 * sender: an exchange, another wallet) or to the shared deposit address from a registered user;
 * each (tx hash, log index) once, whether the app reported it or the scanner found it.
 */
type Deps = {
  db: Db;
  chain: ChainContext;
  ledger: Ledger;
  events: UserEvents;
  users: UserRepository;
  repository: DepositRepository;
  instanceId: string;
  /** How many deposits a user may have reported that the chain has not settled yet (each report costs RPC calls). */
  maxUnresolvedReports: number;
  /** Sees every scan pass, held or not (JOB_TRACE_FILE). */
  observe?: LeaseObserver | undefined;
};

export function createDeposits({
  db,
  chain,
  ledger,
  events,
  users,
  repository,
  instanceId,
  maxUnresolvedReports,
  observe,
}: Deps) {
  const cursorName = `deposits:${chain.chainId}:${chain.depositAddress.toLowerCase()}`;
  const assetOf = new Map(
    Object.entries(chain.tokens).map(([asset, address]) => [address.toLowerCase(), asset as Asset]),
  );
  const deposit = chain.depositAddress.toLowerCase();

  const toTransfers = (logs: Log[]) => transfersAmong(logs, assetOf);
  const news = createDepositNews({ db, events, repository, confirmations: chain.confirmations });

  /**
   * The deposits among these transfers, each with the user it belongs to: one to a user's own
   * address is theirs whoever sent it; one to the shared address waits for its sender to be looked up
   * (`owner` null). The owners of a whole range's addresses are found in one indexed query.
   */
  async function depositsAmong(trx: Executor, transfers: TransferLog[]): Promise<FoundDeposit[]> {
    const owners = await repository.ownersOf(trx, [...new Set(transfers.map((t) => t.to))]);
    return transfers.flatMap((t): FoundDeposit[] => {
      const owner = owners.get(t.to);
      if (owner) return [{ transfer: t, owner }];
      return t.to === deposit ? [{ transfer: t, owner: null }] : [];
    });
  }

  /** The ledger's side of a credited deposit: from the platform's deposits account to the user. */
  async function postDeposit(
    trx: Executor,
    userId: string,
    { asset, amount, id, txHash }: { asset: Asset; amount: string; id: string; txHash: string },
  ): Promise<void> {
    await ledger.post(trx, {
      debit: { platform: 'deposits' },
      credit: { user: userId },
      asset,
      amount,
      type: 'deposit',
      ref: { type: 'deposit', id },
    });
    await news.credited(trx, userId, { asset, amount, txHash });
  }

  /** Credits a confirmed transfer to a user once per (tx hash, log index); false when it was credited before. */
  async function creditTo(
    trx: Executor,
    userId: string,
    t: {
      asset: Asset;
      txHash: string;
      logIndex: number;
      from: string;
      amount: string;
      blockNumber: bigint;
      blockHash: string;
      to?: string | undefined;
    },
  ): Promise<boolean> {
    const id = await repository.insert(trx, { userId, ...t });
    if (!id) return false;
    await postDeposit(trx, userId, { asset: t.asset, amount: t.amount, id, txHash: t.txHash });
    await repository.markReportCredited(trx, userId, t.txHash);
    return true;
  }

  /**
   * Credits one confirmed deposit once: to the owner of the address it reached, or (shared address)
   * to the user who sent it; one to the shared address no user sent is recorded as unattributed, for
   * an operator to credit (decision 81). False when nothing was credited.
   */
  async function credit(trx: Executor, { transfer: t, owner }: FoundDeposit): Promise<boolean> {
    const transfer = creditOf(t, chain.decimals);
    if (owner) return creditTo(trx, owner, { ...transfer, to: t.to });
    const userId = await users.findIdByAddress(trx, t.from);
    if (!userId) {
      await repository.insertUnattributed(trx, transfer);
      return false;
    }
    return creditTo(trx, userId, transfer);
  }

  /**
   * credit() for a range's deposits, the same result with fewer round trips: those to users' own
   * addresses are inserted in one statement and their reports marked in one; each credit is still its
   * own ledger posting. Those to the shared address go one by one. How many were credited.
   */
  async function creditAll(trx: Executor, found: FoundDeposit[]): Promise<number> {
    const own = found.flatMap((d) => (d.owner ? [{ transfer: d.transfer, owner: d.owner }] : []));
    const ids = await repository.insertMany(
      trx,
      own.map(({ transfer: t, owner }) => ({ userId: owner, ...creditOf(t, chain.decimals), to: t.to })),
    );
    const credited: { userId: string; txHash: string }[] = [];
    for (const { transfer: t, owner } of own) {
      const id = ids.get(`${t.txHash}:${t.logIndex}`);
      if (!id) continue;
      await postDeposit(trx, owner, {
        asset: t.asset,
        amount: formatUnits(t.value, chain.decimals),
        id,
        txHash: t.txHash,
      });
      credited.push({ userId: owner, txHash: t.txHash });
    }
    await repository.markReportsCredited(trx, credited);
    let count = credited.length;
    for (const d of found) if (!d.owner && (await credit(trx, d))) count++;
    return count;
  }

  // The newest block with enough confirmations (block b has head − b + 1): the scanner credits up to it, never past.
  const safeOf = (head: bigint) => head - BigInt(chain.confirmations - 1);

  /** The Transfers of the tokens in blocks `from`..`to`, as a quorum of nodes gives them alike. */
  async function transfersIn(rpc: PublicClient, from: bigint, to: bigint): Promise<TransferLog[]> {
    // Every transfer of the tokens: a user's own address can be any of a million, so the database, not
    // the node, filters by recipient (raw JSON-RPC: viem's getLogs would decode each log once more).
    const logs = (await rpc.request({
      method: 'eth_getLogs',
      params: [
        {
          address: Object.values(chain.tokens),
          topics: [transferTopic],
          fromBlock: numberToHex(from),
          toBlock: numberToHex(to),
        },
      ],
    })) as RpcLog[];
    return toTransfers(logs.map((log) => formatLog(log)));
  }

  /**
   * Deposits seen before their confirmations (decision 126): the blocks past the confirmed ones, read
   * each pass, give each transfer to a user its sighting, with its amount and confirmations; a
   * sighting no longer in those blocks (reorganised away) or now confirmed (the credit pass has read
   * its block) goes. Each change is told on its user's stream. It credits nothing.
   */
  async function sight(rpc: PublicClient, head: bigint, confirmedThrough: bigint): Promise<void> {
    const from = confirmedThrough + 1n;
    const transfers = from <= head ? await transfersIn(rpc, from, head) : [];
    await transaction(db, async (trx) => {
      const found = await depositsAmong(trx, transfers);
      const sightings: Sighting[] = [];
      for (const { transfer: t, owner } of found) {
        const userId = owner ?? (await users.findIdByAddress(trx, t.from));
        if (!userId) continue;
        const credit = creditOf(t, chain.decimals);
        sightings.push({ ...credit, userId, confirmations: Number(head - t.blockNumber + 1n) });
      }
      const gone = await repository.forgetSightings(trx, { from, to: head, confirmedThrough }, sightings);
      const seen = await repository.saveSightings(trx, sightings);
      await news.sighted(trx, seen, 'confirming');
      await news.sighted(trx, gone, 'pending');
    });
  }

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
    const found = await depositsAmong(
      db,
      toTransfers(receipt.logs).filter((t) => t.asset === asset),
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
        if (await credit(trx, d)) continue;
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

  /** One pass of the scanner, under its lease: the next bounded range of confirmed blocks. */
  async function scanRange(): Promise<{ from: bigint; to: bigint; credited: number }> {
    // The head is the highest block a quorum has reached and the logs are those a quorum gives alike:
    // the cursor never passes a block the quorum has not seen, nor is a log one node invents credited.
    const rpc = await chain.rpc.quorum();
    const head = await rpc.getBlockNumber();
    const safe = safeOf(head);
    // A new deployment starts at the current confirmed head (local: from genesis).
    const last = (await repository.scannedThrough(db, cursorName)) ?? (chain.kind === 'local' ? -1n : safe - 1n);
    const from = last + 1n;
    const to = from + BigInt(chain.scanBlockRange) - 1n < safe ? from + BigInt(chain.scanBlockRange) - 1n : safe;
    // Reports still confirming are checked each pass, whether or not a block became safe.
    await news.refreshOpenReports(checkReport);
    let credited = 0;
    if (to >= from) {
      const transfers = await transfersIn(rpc, from, to);
      await transaction(db, async (trx) => {
        credited = await creditAll(trx, await depositsAmong(trx, transfers));
        await repository.setScannedThrough(trx, cursorName, to);
      });
    }
    // The unconfirmed tip: what a user is waiting for shows at once. The nodes may not agree on the
    // newest blocks yet: the next pass sights it then, and the credit never depends on it. A scanner
    // still catching up on confirmed blocks spends its passes on those (they credit) and sights after.
    const confirmedThrough = to >= from ? to : last;
    if (confirmedThrough >= safe) await sight(rpc, head, confirmedThrough).catch(undecided);
    return { from, to, credited };
  }

  return {
    /**
     * The user's own deposit address, kept from the first time it is asked for so that the scanner
     * knows it. Tokens sent to it from anywhere are credited to them.
     */
    async addressOf(userId: string): Promise<{ address: string }> {
      const address = depositAddressOf(chain.depositFactory, userId);
      await repository.saveAddress(db, {
        userId,
        address: address.toLowerCase(),
        factory: chain.depositFactory.address.toLowerCase(),
      });
      return { address };
    },

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

    unattributed(
      query: PageQuery & { status?: 'open' | 'credited' | undefined; asset?: Asset | undefined },
    ): Promise<Page<UnattributedDeposit>> {
      return pageById(query, (range) =>
        repository.unattributed(db, { status: query.status ?? null, asset: query.asset ?? null }, range),
      );
    },

    /**
     * Crediting an unattributed deposit to the user it belongs to (decision 81), as a proposal one
     * finance operator makes and another approves. It credits at most once: the deposit row takes
     * the transfer's (tx hash, log index), which a credit by the scanner or a report would too.
     */
    proposalHandlers(): Record<'deposit.credit', DecisionHandler> {
      const check = async (trx: Executor, subjectId: string, detail: { user?: string }) => {
        const found = await repository.lockUnattributed(trx, subjectId);
        if (!found) throw new AppError('unattributed_deposit_not_found', { field: 'subject_id' });
        if (found.credited_to) throw new AppError('deposit_already_credited', { field: 'subject_id' });
        const userId = detail.user ? await users.findIdByAddress(trx, detail.user) : undefined;
        if (!userId) throw new AppError('user_not_found', { field: 'user' });
        return { found, userId };
      };
      return {
        'deposit.credit': {
          subjectType: 'unattributed_deposit',
          check: async (trx, subjectId, detail) => ({ userId: (await check(trx, subjectId, detail)).userId }),
          async execute(trx, operator, proposal) {
            const { found, userId } = await check(trx, proposal.subject_id, proposal.detail);
            const transfer = {
              asset: found.asset,
              txHash: found.tx_hash,
              logIndex: found.log_index,
              from: found.from_address,
              amount: found.amount,
              blockNumber: BigInt(found.block_number),
              blockHash: found.block_hash,
            };
            if (!(await creditTo(trx, userId, transfer)))
              throw new AppError('deposit_already_credited', { field: 'subject_id' });
            await recordAudit(trx, {
              operator,
              action: 'deposit.credit',
              subjectType: 'unattributed_deposit',
              subjectId: found.id,
              detail: {
                user: proposal.detail.user,
                asset: found.asset,
                amount: found.amount,
                from: found.from_address,
                tx_hash: found.tx_hash,
                log_index: found.log_index,
                reason: proposal.reason,
                proposal: proposal.id,
                proposed_by: proposal.proposed_by,
              },
            });
          },
        },
      };
    },

    /** How far the scanner has read against the chain's head (the console's dashboard and the metrics show the lag). */
    async scannerProgress(): Promise<{ head: bigint; safe: bigint; scannedThrough: bigint | null }> {
      const [head, scannedThrough] = await Promise.all([
        chain.client.getBlockNumber(),
        repository.scannedThrough(db, cursorName),
      ]);
      return { head, safe: safeOf(head), scannedThrough };
    },

    /**
     * Reads confirmed blocks from the stored cursor in bounded ranges and credits every deposit in
     * them. One instance at a time (a lease); the cursor moves in the same transaction as the
     * credits, so a crash re-reads the range and credits nothing twice.
     */
    scanOnce(): Promise<{ from: bigint; to: bigint; credited: number } | null> {
      return runLeased(db, { name: cursorName, holder: instanceId, ttlMs: LEASE_TTL_MS, observe }, scanRange);
    },
  };
}
export type Deposits = ReturnType<typeof createDeposits>;
