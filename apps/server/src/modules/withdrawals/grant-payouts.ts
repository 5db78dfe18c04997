import type { Asset } from '@wallx/shared';
import type { Ledger } from '../../kernel/ledger/ledger.js';
import type { Executor } from '../../platform/db/database.js';
import { currentRequestId } from '../../platform/tracing/tracing.js';

/** A grant's payout as the aid fund hands it over: the grant, and what goes to which address. */
export type GrantPayout = { grantId: string; asset: Asset; amount: string; toAddress: string };

/**
 * Paying an aid grant through the withdrawals' own queue (decision 147): a withdrawal row with no
 * user and the grant's id, queued, and the amount moved from `aid_fund` to `withdrawals` in the
 * caller's transaction (the approval's). From there the payout worker pays it as any other — one
 * signer, one nonce sequence, the same receipts and quorum — and a failed payout is refunded to the
 * aid fund (postings.refund). The caller has made sure the fund holds the amount.
 */
export function createGrantPayouts({ ledger }: { ledger: Ledger }) {
  return {
    async queue(trx: Executor, g: GrantPayout): Promise<{ withdrawalId: string }> {
      const { id } = await trx
        .insertInto('withdrawals')
        .values({
          user_id: null,
          aid_grant_id: g.grantId,
          asset: g.asset,
          amount: g.amount,
          fee: '0',
          to_address: g.toAddress,
          status: 'queued',
          // The approval's request: the payout is followed from it through the worker's logs.
          request_id: currentRequestId(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await ledger.post(trx, {
        debit: { platform: 'aid_fund' },
        credit: { platform: 'withdrawals' },
        asset: g.asset,
        amount: g.amount,
        type: 'aid_grant',
        ref: { type: 'withdrawal', id },
      });
      return { withdrawalId: id };
    },
  };
}
export type GrantPayouts = ReturnType<typeof createGrantPayouts>;
