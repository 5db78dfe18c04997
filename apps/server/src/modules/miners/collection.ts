import crypto from 'node:crypto';
import type { CollectResult, MinerOutput, MinerOutputStatus, Page } from '@wallx/shared';
import { compare } from '@wallx/shared';
import { AppError } from '../../platform/errors/app-error.js';
import { pageById, type PageQuery } from '../../platform/pagination/page.js';
import type { MinersDeps } from './deps.js';

/** A user's output records and their collection into the WALLX balance. */
export function createOutputCollection({ db, ledger, users, outputs, idempotency }: MinersDeps) {
  return {
    outputs(userId: string, query: PageQuery & { status?: MinerOutputStatus | undefined }): Promise<Page<MinerOutput>> {
      return pageById(query, (range) => outputs.outputs(db, userId, { status: query.status, ...range }));
    },

    /**
     * Collects one record (outputId) or all of the user's to-collect records: they move to collected
     * and their sum is credited as one ledger transaction, in one database transaction.
     */
    async collect(userId: string, outputId: string | null, idempotencyKey: string | undefined): Promise<CollectResult> {
      const idem = { userId, key: idempotencyKey, scope: 'miners.collect', body: { outputId } };
      const earlier = await idempotency.previous<CollectResult>(idem);
      if (earlier) return earlier;
      return idempotency.run(idem, async (trx) => {
        const collectionId = crypto.randomUUID();
        const { count, amount } = await outputs.collect(trx, userId, collectionId, outputId);
        if (count === 0) {
          if (outputId === null) throw new AppError('nothing_to_collect');
          const status = await outputs.outputStatus(trx, userId, outputId);
          throw new AppError(status ? 'output_already_collected' : 'output_not_found');
        }
        if (compare(amount, '0') > 0) {
          await ledger.post(trx, {
            debit: { platform: 'mining_issuance' },
            credit: { user: userId },
            asset: 'WALLX',
            amount,
            type: 'mining_output',
            ref: { type: 'output_collection', id: collectionId },
          });
        }
        return { collected: count, amount, balance: { wallx: (await users.balances(trx, userId)).wallx } };
      });
    },
  };
}
