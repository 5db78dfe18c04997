import type { Widen } from '@wallx/shared/i18n/widen';

/** English texts of the console's markets section. */
export const en_US = {
  markets: {
    title: 'Markets',
    lead: 'Every order of the machine market and the C2C market, newest first. Cancelling a pending order returns the miner or the escrowed WALLX to its seller.',
    tab_c2c: 'C2C (WALLX)',
    tab_mtrade: 'Machine trade',
    id: 'Order',
    created: 'Placed',
    order: 'What',
    total: 'Price',
    seller: 'Seller',
    buyer: 'Buyer',
    status: 'Status',
    status_all: 'All',
    status_pending: 'Pending',
    status_filled: 'Filled',
    status_cancelled: 'Cancelled',
    reason_seller: 'by the seller',
    reason_expired: 'expired',
    reason_operator: 'by an operator',
    expires: 'Expires',
    actions: 'Actions',
    c2c_summary: '{{amount}} WALLX at {{price}} USDT',
    mtrade_summary: 'Miner {{machine}}',
    cancel: 'Cancel…',
    cancel_order: 'Cancel order {{id}}',
    cancel_title: 'Cancel order {{id}}',
    cancel_effect_c2c:
      'The WALLX amount and fee held in escrow go back to the seller at once. The seller sees your reason on their order.',
    cancel_effect_mtrade: 'The miner goes back to its seller, off. The seller sees your reason on their order.',
    reason: 'Reason',
    reason_hint: '{{min}} to {{max}} characters. Kept in the audit log and shown to the seller.',
    reason_too_short: 'Write a reason of at least {{min}} characters.',
    reason_too_long: 'At most {{max}} characters.',
    keep_order: 'Keep the order',
    confirm_cancel: 'Cancel the order',
    cancelling: 'Cancelling…',
    cancelled: 'Order {{id}} was cancelled.',
    cannot_cancel: 'Your role ({{role}}) can read orders but not cancel them.',
  },
} as const;

export type MarketsMessages = Widen<typeof en_US>;
