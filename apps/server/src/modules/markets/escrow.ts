import { plus } from '@wallx/shared';
import type { Executor } from '../../platform/db/database.js';
import type { Ledger } from '../../kernel/ledger/ledger.js';

/**
 * A C2C order that ends without a buyer gives its seller back the amount and the fee held in escrow,
 * in the transaction that cancels it: by the seller, the expiry sweeper or an operator.
 */
export async function releaseEscrow(
  ledger: Ledger,
  trx: Executor,
  order: { sellerId: string; orderId: string; amount: string; fee: string },
): Promise<void> {
  await ledger.post(trx, {
    debit: { platform: 'escrow' },
    credit: { user: order.sellerId },
    asset: 'WALLX',
    amount: plus(order.amount, order.fee),
    type: 'c2c_release',
    ref: { type: 'c2c_order', id: order.orderId },
  });
}
