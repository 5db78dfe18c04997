import type { Widen } from '../widen.js';

/** English texts of /aid-fund (issue 48). */
export const en_US = {
  aidFund: {
    title: 'Mental-health aid fund',
    intro:
      'Part of every staking distribution and every donation goes to this fund; two finance operators approve each grant to a partner organisation, paid on chain.',
    balance: 'Held by the fund',
    totals: 'In and out',
    donations_in: 'Donations',
    shares_in: "The pool's shares",
    granted_out: 'Grants paid',
    granting: 'Being paid',
    partners: 'Partner organisations',
    no_partners: 'No partners yet',
    website: 'Website',
    latest_donations: 'Latest donations',
    no_donations: 'No donations yet',
    anonymous: 'Anonymous',
    grants: 'Grants paid',
    no_grants: 'No grants paid yet',
    load_failed: 'Could not load the aid fund',
    donate: 'Donate',
    donate_title: 'Donate to the aid fund',
    amount_placeholder: 'Amount to donate',
    amount_required: 'Enter an amount',
    amount_invalid: 'Enter an amount above zero with up to 18 decimals',
    show_me: 'Show my short address with the donation',
    note: 'A donation leaves your balance at once and cannot be taken back.',
    donating: 'Donating…',
    donated_ok: 'Thank you for your donation',
    guest_prompt: 'Connect your wallet to donate.',
  },
} as const;

export type AidFundMessages = Widen<typeof en_US>;
