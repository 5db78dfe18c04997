import type { Widen } from '../widen.js';

/** English texts of /notices and of the toast a notice shows as it arrives. */
export const en_US = {
  notices: {
    title: 'Notices',
    unread: 'Notices, {{count}} unread',
    list: 'My notices',
    empty: 'No notices yet',
    empty_text: 'What happens to your orders, deposits, withdrawals, miners and parcels is told here.',
    new: 'New',
    order: {
      filled_mtrade: 'Your miner {{miner_no}} sold for {{amount}} {{asset}}',
      filled_c2c: 'Your WALLX order sold for {{amount}} {{asset}}',
      expired_mtrade: 'Your listing of miner {{miner_no}} expired',
      expired_c2c: 'Your WALLX order expired',
      cancelled_mtrade: 'Your listing of miner {{miner_no}} was cancelled',
      cancelled_c2c: 'Your WALLX order was cancelled',
      by_operator: 'Order cancelled by an operator: {{reason}}',
    },
    deposit: {
      pending: 'Deposit of {{amount}} {{asset}} seen',
      confirming: 'Deposit of {{amount}} {{asset}} confirming',
      credited: 'Deposit of {{amount}} {{asset}} credited',
      failed: 'Deposit of {{amount}} {{asset}} failed on chain',
      invalid: 'Deposit of {{amount}} {{asset}} not accepted',
    },
    withdrawal: {
      pending_review: 'Withdrawal of {{amount}} {{asset}} awaiting review',
      queued: 'Withdrawal of {{amount}} {{asset}} approved',
      broadcast: 'Withdrawal of {{amount}} {{asset}} sent to the chain',
      processing: 'Withdrawal of {{amount}} {{asset}} in progress',
      completed: 'Withdrawal of {{amount}} {{asset}} completed',
      refunded: 'Withdrawal of {{amount}} {{asset}} refunded to your balance',
      rejected: 'Withdrawal of {{amount}} {{asset}} rejected; the amount is back in your balance',
    },
    received_from: 'Received {{amount}} {{asset}} from {{from}}',
    received: 'Received {{amount}} {{asset}}',
    miner_received: 'Miner {{miner_no}} received from {{from}}',
    output_ready_one: 'Output of {{day}} ready: {{amount}} WALLX from {{count}} miner',
    output_ready_other: 'Output of {{day}} ready: {{amount}} WALLX from {{count}} miners',
    shipping: {
      to_ship: 'Delivery requested: your miner will be shipped soon',
      shipped: 'Parcel shipped',
      pending: 'Pick-up ready: show your code at the pick-up point',
      written_off: 'Miner picked up',
    },
    feedback_reply: 'Reply to your feedback “{{title}}”',
  },
} as const;

export type NoticesMessages = Widen<typeof en_US>;
