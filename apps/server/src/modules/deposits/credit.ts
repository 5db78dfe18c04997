import { formatUnits, type Log } from 'viem';
import type { Asset } from '@wallx/shared';
import type { ChainContext } from '../../platform/chain/context.js';
import type { Executor } from '../../platform/db/database.js';
import type { UserRepository } from '../../kernel/users/repository.js';
import type { Ledger } from '../../kernel/ledger/ledger.js';
import type { createDepositNews } from './deposit-news.js';
import type { DepositRepository } from './repository.js';
import { creditOf, transfersAmong, type TransferLog } from './transfer-logs.js';

/** A transfer that is a deposit, and the user whose address it reached (null: the shared address). */
export type FoundDeposit = { transfer: TransferLog; owner: string | null };

type Deps = {
  chain: ChainContext;
  ledger: Ledger;
  users: UserRepository;
  repository: DepositRepository;
  news: ReturnType<typeof createDepositNews>;
};

/**
 * Which transfers are deposits and whose, and their credit: each (tx hash, log index) once, whether
 * the scanner found it, the user reported it or an operator proved whose it is.
 */
export function createDepositCredit({ chain, ledger, users, repository, news }: Deps) {
  const assetOf = new Map(
    Object.entries(chain.tokens).map(([asset, address]) => [address.toLowerCase(), asset as Asset]),
  );
  const deposit = chain.depositAddress.toLowerCase();

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

  return {
    /** The supported tokens' transfers among these logs. */
    toTransfers: (logs: Log[]) => transfersAmong(logs, assetOf),
    depositsAmong,
    creditTo,
    credit,
    creditAll,
  };
}
export type DepositCredit = ReturnType<typeof createDepositCredit>;
