import type { Widen } from '@wallx/shared/i18n/widen';

/** English texts of the console's dashboard section. */
export const en_US = {
  dashboard: {
    title: 'Dashboard',
    lead: 'Today is {{day}} ({{zone}}, the output job’s time zone). Figures as of {{time}}; refreshed every minute.',
    users: 'Users',
    new_today_one: '{{count}} new today',
    new_today_other: '{{count}} new today',
    deposits_today: 'Deposits today',
    withdrawals_today: 'Withdrawals today',
    awaiting_review: 'Awaiting review',
    awaiting_review_hint: 'Withdrawals above the review threshold',
    miners_on: 'Miners on',
    output_pending: 'Output to collect',
    output_records_one: '{{count}} output record not collected',
    output_records_other: '{{count}} output records not collected',
    reconciliation: 'Reconciliation: the books against the chain',
    asset: 'Asset',
    user_balances: 'User balances',
    escrow: 'C2C escrow',
    withdrawals_queued: 'Withdrawals not yet signed',
    owed: 'Owed',
    deposit_address: 'Deposit address',
    hot_wallet: 'Hot wallet',
    deposit_addresses: 'Users’ deposit addresses',
    unswept_books: 'books: {{amount}}',
    cold_wallet: 'Cold storage',
    on_chain: 'On chain',
    difference: 'Difference',
    in_flight: 'Payouts in flight',
    moves_in_flight: 'Sweeps and cold transfers in flight',
    unattributed: 'Unattributed deposits',
    state: 'State',
    flag_ok: 'Covered',
    flag_short: 'Short',
    chain_no_chain: 'No chain configured',
    chain_unreachable: 'Chain unreachable',
    short_alert:
      'The chain holds less than the books owe for at least one asset. Stop payouts and investigate before anything else.',
    rule: 'Owed = every user balance + WALLX in C2C escrow + withdrawals debited but not yet signed. On chain = the token balance of the shared deposit address + users’ own deposit addresses not yet swept (the 200 holding the most read now, the rest at their book value) + the hot wallet + cold storage, read now; each token is in one of them whether a sweep or cold transfer in flight was mined yet or not. An asset is short (red) when on chain < owed. Payouts signed but not yet confirmed are shown apart and not counted: they may or may not have left the hot wallet yet, so the flag holds whichever way they go. Fees the platform earned, deposits not yet confirmed, and unattributed deposits (no user sent them; shown apart until finance credits one) make the chain hold more than owed.',
  },
} as const;

export type DashboardMessages = Widen<typeof en_US>;
