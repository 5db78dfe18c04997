import 'i18next';
import type { en_US } from '@wallx/shared/i18n/en_US';
import type { en_US as en_US_funds } from '@wallx/shared/i18n/funds/en_US';
import type { en_US as en_US_miners } from '@wallx/shared/i18n/miners/en_US';
import type { en_US as en_US_markets } from '@wallx/shared/i18n/markets/en_US';
import type { en_US as en_US_team } from '@wallx/shared/i18n/team/en_US';
import type { en_US as en_US_shipping } from '@wallx/shared/i18n/shipping/en_US';
import type { en_US as en_US_feedback } from '@wallx/shared/i18n/feedback/en_US';
import type { en_US as en_US_sessions } from '@wallx/shared/i18n/sessions/en_US';
import type { en_US as en_US_wallets } from '@wallx/shared/i18n/wallets/en_US';
import type { en_US as en_US_errors } from '@wallx/shared/i18n/errors/en_US';
import type { en_US as en_US_college } from '@wallx/shared/i18n/college/en_US';
import type { en_US as en_US_content } from '@wallx/shared/i18n/content/en_US';
import type { en_US as en_US_notices } from '@wallx/shared/i18n/notices/en_US';
import type { en_US as en_US_wellbeing } from '@wallx/shared/i18n/wellbeing/en_US';
import type { en_US as en_US_staking } from '@wallx/shared/i18n/staking/en_US';
import type { en_US as en_US_aidFund } from '@wallx/shared/i18n/aidFund/en_US';

// Every t() key is checked against the English catalogs (core and each feature section), the source of all keys.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: typeof en_US &
        typeof en_US_funds &
        typeof en_US_miners &
        typeof en_US_markets &
        typeof en_US_team &
        typeof en_US_shipping &
        typeof en_US_feedback &
        typeof en_US_sessions &
        typeof en_US_wallets &
        typeof en_US_errors &
        typeof en_US_college &
        typeof en_US_content &
        typeof en_US_notices &
        typeof en_US_wellbeing &
        typeof en_US_staking &
        typeof en_US_aidFund;
    };
    returnNull: false;
  }
}
