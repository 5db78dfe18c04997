import { formatLog, numberToHex, type PublicClient, type RpcLog } from 'viem';
import type { ChainContext } from '../../platform/chain/context.js';
import { undecided } from '../../platform/chain/rpc-nodes.js';
import type { Db } from '../../platform/db/database.js';
import { LEASE_TTL_MS, runLeased, type LeaseObserver } from '../../platform/db/lease.js';
import { transaction } from '../../platform/db/transaction.js';
import type { UserRepository } from '../../kernel/users/repository.js';
import type { DepositCredit } from './credit.js';
import type { createDepositNews } from './deposit-news.js';
import type { DepositRepository, Sighting } from './repository.js';
import type { DepositReports } from './report.js';
import { creditOf, transferTopic, type TransferLog } from './transfer-logs.js';

type Deps = {
  db: Db;
  chain: ChainContext;
  users: UserRepository;
  repository: DepositRepository;
  news: ReturnType<typeof createDepositNews>;
  credit: DepositCredit;
  /** Each pass checks the reports still confirming again with it. */
  checkReport: DepositReports['checkReport'];
  instanceId: string;
  /** Sees every scan pass, held or not (JOB_TRACE_FILE). */
  observe?: LeaseObserver | undefined;
};

/** The scanner: confirmed blocks credited in bounded ranges under a lease, and the unconfirmed tip sighted. */
export function createDepositScan({
  db,
  chain,
  users,
  repository,
  news,
  credit,
  checkReport,
  instanceId,
  observe,
}: Deps) {
  const cursorName = `deposits:${chain.chainId}:${chain.depositAddress.toLowerCase()}`;

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
    return credit.toTransfers(logs.map((log) => formatLog(log)));
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
      const found = await credit.depositsAmong(trx, transfers);
      const sightings: Sighting[] = [];
      for (const { transfer: t, owner } of found) {
        const userId = owner ?? (await users.findIdByAddress(trx, t.from));
        if (!userId) continue;
        const transfer = creditOf(t, chain.decimals);
        sightings.push({ ...transfer, userId, confirmations: Number(head - t.blockNumber + 1n) });
      }
      const gone = await repository.forgetSightings(trx, { from, to: head, confirmedThrough }, sightings);
      const seen = await repository.saveSightings(trx, sightings);
      await news.sighted(trx, seen, 'confirming');
      await news.sighted(trx, gone, 'pending');
    });
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
        credited = await credit.creditAll(trx, await credit.depositsAmong(trx, transfers));
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
