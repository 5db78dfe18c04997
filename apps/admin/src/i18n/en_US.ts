import { en_US as audit } from './audit/en_US';
import { en_US as catalog } from './catalog/en_US';
import { en_US as content } from './content/en_US';
import { en_US as dashboard } from './dashboard/en_US';
import { en_US as feedback } from './feedback/en_US';
import { en_US as markets } from './markets/en_US';
import { en_US as money } from './money/en_US';
import { en_US as operators } from './operators/en_US';
import { en_US as shipping } from './shipping/en_US';
import { en_US as users } from './users/en_US';
import { en_US as wellbeing } from './wellbeing/en_US';
import { en_US as companion } from './companion/en_US';
import { en_US as staking } from './staking/en_US';
import { en_US as aidFund } from './aid-fund/en_US';

/** The console's English texts: the source of every key (zh_CN and any later language must match its shape). */
export const en_US = {
  app: {
    name: 'WALLX console',
    skip_to_content: 'Skip to content',
    language: 'Language',
    not_found: 'This page does not exist.',
    back_home: 'Back to the dashboard',
  },
  errors: {
    network: 'The server could not be reached. Check the connection and try again.',
    timeout: 'The server took too long to answer. Try again.',
    internal: 'Something went wrong on the server. Try again later.',
    retry: 'Try again',
  },
  auth: {
    title: 'Operator sign-in',
    lead: 'Sign in with the wallet of an operator address. Your wallet asks you to sign a message; nothing is sent on chain and nothing is spent.',
    sign_in: 'Sign in with wallet',
    signing_in: 'Waiting for the wallet…',
    no_wallet:
      'No wallet was found in this browser. Install a wallet extension (such as MetaMask) and reload the page.',
    no_account: 'The wallet gave no account to sign with.',
    rejected: 'The signature was declined in the wallet.',
    wallet_failed: 'The wallet could not sign: {{message}}',
    expired: 'Your session ended. Sign in again to continue.',
    logged_out: 'You are signed out.',
    session_note: 'Sessions are short and end when this tab closes.',
    log_out: 'Sign out',
    operator: 'Signed in as',
  },
  roles: {
    viewer: 'Viewer',
    support: 'Support',
    finance: 'Finance',
    admin: 'Admin',
  },
  nav: {
    label: 'Console sections',
    dashboard: 'Dashboard',
    users: 'Users',
    catalog: 'Catalog',
    money: 'Money',
    markets: 'Markets',
    shipping: 'Shipping',
    content: 'Content',
    wellbeing: 'Well-being',
    companion: 'AI companion',
    staking: 'Staking pool',
    aid_fund: 'Aid fund',
    feedback: 'Feedback',
    audit: 'Audit log',
    operators: 'Operators',
  },
  table: {
    load_more: 'Load more',
    loading: 'Loading…',
    end: 'No more rows.',
    empty: 'Nothing matches these filters.',
    export_csv: 'Export CSV',
    export_hint: 'Exports the {{count}} rows shown, with the current filters.',
    rows_one: '{{count}} row shown',
    rows_other: '{{count}} rows shown',
    filters: 'Filters',
    apply: 'Apply',
    clear: 'Clear',
    close: 'Close',
  },
  ...audit,
  ...catalog,
  ...feedback,
  ...money,
  ...dashboard,
  ...markets,
  ...operators,
  ...shipping,
  ...content,
  ...users,
  ...wellbeing,
  ...companion,
  ...staking,
  ...aidFund,
} as const;

export type AdminMessages = typeof en_US;
