import { compare, type Asset, type FundRecord, type FundRecordType, type Transfer, type TransferRequest } from '@wallx/shared';
import type { Db, Executor } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import type { Ledger } from '../ledger/ledger.js';
import type { UserRepository } from '../user/repository.js';
import type { FundPasswords } from './fund-password.js';
import type { Idempotency } from './idempotency.js';
import { decodeCursor, encodeCursor, type FundsRepository } from './repository.js';

type Deps = {
  db: Db;
  ledger: Ledger;
  users: UserRepository;
  funds: FundsRepository;
  fundPasswords: FundPasswords;
  idempotency: Idempotency;
};

export type TransferResult = { transfer: Transfer };
type Page<T> = { items: T[]; next_cursor: string | null };

function page<T extends { id: string }>(items: T[], limit: number): Page<T> {
  return { items, next_cursor: items.length === limit ? encodeCursor(items[items.length - 1]!.id) : null };
}

export function createFundsService({ db, ledger, users, funds, fundPasswords, idempotency }: Deps) {
  return {
    /** Moves whole units of USDT or WALLX to another registered user. */
    async transfer(
      sender: { id: string; address: string },
      input: TransferRequest,
      idempotencyKey: string | undefined,
    ): Promise<TransferResult> {
      const { fund_password, ...request } = input;
      const idem = { userId: sender.id, key: idempotencyKey, scope: 'funds.transfer', body: request };
      const earlier = await idempotency.previous<TransferResult>(idem);
      if (earlier) return earlier;

      if (!/^0x[0-9a-fA-F]{40}$/.test(input.to)) throw new AppError('invalid_wallet_account', { field: 'to' });
      const to = input.to.toLowerCase();
      if (to === sender.address) throw new AppError('transfer_to_self', { field: 'to' });
      const recipientId = await users.findIdByAddress(db, to);
      if (!recipientId) throw new AppError('invalid_wallet_account', { field: 'to' });
      // Before Argon2, the slow step: a transfer that cannot be paid costs no password check (nor a try of its lock).
      const balances = await users.balances(db, sender.id);
      if (compare(input.asset === 'USDT' ? balances.usdt : balances.wallx, input.amount) < 0) {
        throw new AppError(input.asset === 'USDT' ? 'insufficient_usdt' : 'insufficient_wallx', { field: 'amount' });
      }
      await fundPasswords.verify(sender.id, fund_password);

      return idempotency.run(idem, async (trx) => ({
        transfer: { ...(await this.moveFunds(trx, { fromUserId: sender.id, toUserId: recipientId, asset: input.asset, amount: input.amount })), counterpart: to },
      }));
    },

    /** The money path of a transfer, after every check: the transfer is the ledger transaction itself. */
    async moveFunds(db: Executor, t: { fromUserId: string; toUserId: string; asset: Asset; amount: string }): Promise<Omit<Transfer, 'counterpart'>> {
      const posted = await ledger.post(db, {
        debit: { user: t.fromUserId },
        credit: { user: t.toUserId },
        asset: t.asset,
        amount: t.amount,
        type: { debit: 'transfer_out', credit: 'transfer_in' },
      });
      return { id: posted.transactionId, direction: 'out', asset: t.asset, amount: t.amount, created_at: posted.createdAt.toISOString() };
    },

    async records(
      userId: string,
      query: { type?: FundRecordType | undefined; asset?: Asset | undefined; limit: number; cursor?: string | undefined },
    ): Promise<Page<FundRecord>> {
      const items = await funds.fundRecords(db, userId, { ...query, before: decodeCursor(query.cursor) });
      return page(items, query.limit);
    },

    async transfers(userId: string, query: { limit: number; cursor?: string | undefined }): Promise<Page<Transfer>> {
      const rows = await funds.transfers(db, userId, { limit: query.limit, before: decodeCursor(query.cursor) });
      const last = rows.at(-1);
      return {
        items: rows.map(({ entry_id: _, ...transfer }) => transfer),
        next_cursor: rows.length === query.limit && last ? encodeCursor(last.entry_id) : null,
      };
    },
  };
}
export type FundsService = ReturnType<typeof createFundsService>;
