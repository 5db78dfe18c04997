import {
  compare,
  type Asset,
  type FundRecord,
  type FundRecordType,
  type Page,
  type Transfer,
  type TransferRequest,
} from '@wallx/shared';
import type { Db, Executor } from '../../platform/db/database.js';
import type { FundPasswords } from '../../kernel/fund-password/fund-password.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { Idempotency } from '../../kernel/idempotency/idempotency.js';
import { decodeCursor, encodeCursor } from '../../platform/pagination/cursor.js';
import { pageById, toPage, type PageQuery } from '../../platform/pagination/page.js';
import { recipientAddress, recipientId } from '../../kernel/users/recipient.js';
import type { UserRepository } from '../../kernel/users/repository.js';
import type { Ledger } from '../../kernel/ledger/ledger.js';
import type { FundsRepository } from './repository.js';

type Deps = {
  db: Db;
  ledger: Ledger;
  users: UserRepository;
  funds: FundsRepository;
  fundPasswords: FundPasswords;
  idempotency: Idempotency;
};

export type TransferResult = { transfer: Transfer };

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

      const to = recipientAddress(sender, input.to);
      const toUserId = await recipientId(db, users, to);
      // Before Argon2, the slow step: a transfer that cannot be paid costs no password check (nor a try of its lock).
      const balances = await users.balances(db, sender.id);
      if (compare(input.asset === 'USDT' ? balances.usdt : balances.wallx, input.amount) < 0) {
        throw new AppError(input.asset === 'USDT' ? 'insufficient_usdt' : 'insufficient_wallx', { field: 'amount' });
      }
      await fundPasswords.verify(sender.id, fund_password);

      return idempotency.run(idem, async (trx) => ({
        transfer: {
          ...(await this.moveFunds(trx, { fromUserId: sender.id, toUserId, asset: input.asset, amount: input.amount })),
          counterpart: to,
        },
      }));
    },

    /** The money path of a transfer, after every check: the transfer is the ledger transaction itself. */
    async moveFunds(
      db: Executor,
      t: { fromUserId: string; toUserId: string; asset: Asset; amount: string },
    ): Promise<Omit<Transfer, 'counterpart'>> {
      const posted = await ledger.post(db, {
        debit: { user: t.fromUserId },
        credit: { user: t.toUserId },
        asset: t.asset,
        amount: t.amount,
        type: { debit: 'transfer_out', credit: 'transfer_in' },
      });
      return {
        id: posted.transactionId,
        direction: 'out',
        asset: t.asset,
        amount: t.amount,
        created_at: posted.createdAt.toISOString(),
      };
    },

    records(
      userId: string,
      query: PageQuery & { type?: FundRecordType | undefined; asset?: Asset | undefined },
    ): Promise<Page<FundRecord>> {
      return pageById(query, (range) =>
        funds.fundRecords(db, userId, { type: query.type, asset: query.asset, ...range }),
      );
    },

    /** Pages by ledger entry, as records do; a transfer's own id is its ledger transaction. */
    async transfers(userId: string, query: PageQuery): Promise<Page<Transfer>> {
      const rows = await funds.transfers(db, userId, { before: decodeCursor(query.cursor), limit: query.limit });
      const { items, next_cursor } = toPage(rows, query.limit, (last) => encodeCursor(last.entry_id));
      return { items: items.map(({ entry_id: _, ...transfer }) => transfer), next_cursor };
    },
  };
}
export type FundsService = ReturnType<typeof createFundsService>;
