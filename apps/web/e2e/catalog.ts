import { catalogs } from '@wallx/shared/i18n/catalogs';
import { en_US as en_US_funds } from '@wallx/shared/i18n/funds/en_US';
import { zh_CN as zh_CN_funds } from '@wallx/shared/i18n/funds/zh_CN';
import { ko_KR as ko_KR_funds } from '@wallx/shared/i18n/funds/ko_KR';
import { ja_JP as ja_JP_funds } from '@wallx/shared/i18n/funds/ja_JP';
import { id_ID as id_ID_funds } from '@wallx/shared/i18n/funds/id_ID';
import { en_US as en_US_miners } from '@wallx/shared/i18n/miners/en_US';
import { zh_CN as zh_CN_miners } from '@wallx/shared/i18n/miners/zh_CN';
import { ko_KR as ko_KR_miners } from '@wallx/shared/i18n/miners/ko_KR';
import { ja_JP as ja_JP_miners } from '@wallx/shared/i18n/miners/ja_JP';
import { id_ID as id_ID_miners } from '@wallx/shared/i18n/miners/id_ID';
import { en_US as en_US_markets } from '@wallx/shared/i18n/markets/en_US';
import { zh_CN as zh_CN_markets } from '@wallx/shared/i18n/markets/zh_CN';
import { ko_KR as ko_KR_markets } from '@wallx/shared/i18n/markets/ko_KR';
import { ja_JP as ja_JP_markets } from '@wallx/shared/i18n/markets/ja_JP';
import { id_ID as id_ID_markets } from '@wallx/shared/i18n/markets/id_ID';
import { en_US as en_US_team } from '@wallx/shared/i18n/team/en_US';
import { zh_CN as zh_CN_team } from '@wallx/shared/i18n/team/zh_CN';
import { ko_KR as ko_KR_team } from '@wallx/shared/i18n/team/ko_KR';
import { ja_JP as ja_JP_team } from '@wallx/shared/i18n/team/ja_JP';
import { id_ID as id_ID_team } from '@wallx/shared/i18n/team/id_ID';
import { en_US as en_US_shipping } from '@wallx/shared/i18n/shipping/en_US';
import { zh_CN as zh_CN_shipping } from '@wallx/shared/i18n/shipping/zh_CN';
import { ko_KR as ko_KR_shipping } from '@wallx/shared/i18n/shipping/ko_KR';
import { ja_JP as ja_JP_shipping } from '@wallx/shared/i18n/shipping/ja_JP';
import { id_ID as id_ID_shipping } from '@wallx/shared/i18n/shipping/id_ID';
import { en_US as en_US_sessions } from '@wallx/shared/i18n/sessions/en_US';
import { zh_CN as zh_CN_sessions } from '@wallx/shared/i18n/sessions/zh_CN';
import { ja_JP as ja_JP_sessions } from '@wallx/shared/i18n/sessions/ja_JP';
import { ko_KR as ko_KR_sessions } from '@wallx/shared/i18n/sessions/ko_KR';
import { id_ID as id_ID_sessions } from '@wallx/shared/i18n/sessions/id_ID';
import { en_US as en_US_wallets } from '@wallx/shared/i18n/wallets/en_US';
import { zh_CN as zh_CN_wallets } from '@wallx/shared/i18n/wallets/zh_CN';
import { ja_JP as ja_JP_wallets } from '@wallx/shared/i18n/wallets/ja_JP';
import { ko_KR as ko_KR_wallets } from '@wallx/shared/i18n/wallets/ko_KR';
import { id_ID as id_ID_wallets } from '@wallx/shared/i18n/wallets/id_ID';
import { en_US as en_US_feedback } from '@wallx/shared/i18n/feedback/en_US';
import { zh_CN as zh_CN_feedback } from '@wallx/shared/i18n/feedback/zh_CN';
import { ko_KR as ko_KR_feedback } from '@wallx/shared/i18n/feedback/ko_KR';
import { ja_JP as ja_JP_feedback } from '@wallx/shared/i18n/feedback/ja_JP';
import { id_ID as id_ID_feedback } from '@wallx/shared/i18n/feedback/id_ID';
import { en_US as en_US_college } from '@wallx/shared/i18n/college/en_US';
import { zh_CN as zh_CN_college } from '@wallx/shared/i18n/college/zh_CN';
import { ko_KR as ko_KR_college } from '@wallx/shared/i18n/college/ko_KR';
import { ja_JP as ja_JP_college } from '@wallx/shared/i18n/college/ja_JP';
import { id_ID as id_ID_college } from '@wallx/shared/i18n/college/id_ID';
import { en_US as en_US_content } from '@wallx/shared/i18n/content/en_US';
import { zh_CN as zh_CN_content } from '@wallx/shared/i18n/content/zh_CN';
import { ko_KR as ko_KR_content } from '@wallx/shared/i18n/content/ko_KR';
import { ja_JP as ja_JP_content } from '@wallx/shared/i18n/content/ja_JP';
import { id_ID as id_ID_content } from '@wallx/shared/i18n/content/id_ID';
import { en_US as en_US_notices } from '@wallx/shared/i18n/notices/en_US';
import { zh_CN as zh_CN_notices } from '@wallx/shared/i18n/notices/zh_CN';
import { ko_KR as ko_KR_notices } from '@wallx/shared/i18n/notices/ko_KR';
import { ja_JP as ja_JP_notices } from '@wallx/shared/i18n/notices/ja_JP';
import { id_ID as id_ID_notices } from '@wallx/shared/i18n/notices/id_ID';
import { en_US as en_US_wellbeing } from '@wallx/shared/i18n/wellbeing/en_US';
import { zh_CN as zh_CN_wellbeing } from '@wallx/shared/i18n/wellbeing/zh_CN';
import { ko_KR as ko_KR_wellbeing } from '@wallx/shared/i18n/wellbeing/ko_KR';
import { ja_JP as ja_JP_wellbeing } from '@wallx/shared/i18n/wellbeing/ja_JP';
import { id_ID as id_ID_wellbeing } from '@wallx/shared/i18n/wellbeing/id_ID';

// The app loads its texts in sections (core, the API's refusals, then each feature with its screens);
// the tests read them whole, per language, as the server's catalogs hold the core and the refusals.
export const en_US = {
  ...catalogs.en_US,
  ...en_US_funds,
  ...en_US_miners,
  ...en_US_markets,
  ...en_US_team,
  ...en_US_shipping,
  ...en_US_feedback,
  ...en_US_wellbeing,
  ...en_US_college,
  ...en_US_content,
  ...en_US_notices,
  ...en_US_sessions,
  ...en_US_wallets,
};
export const zh_CN = {
  ...catalogs.zh_CN,
  ...zh_CN_funds,
  ...zh_CN_miners,
  ...zh_CN_markets,
  ...zh_CN_team,
  ...zh_CN_shipping,
  ...zh_CN_feedback,
  ...zh_CN_wellbeing,
  ...zh_CN_college,
  ...zh_CN_content,
  ...zh_CN_notices,
  ...zh_CN_sessions,
  ...zh_CN_wallets,
};
export const ko_KR = {
  ...catalogs.ko_KR,
  ...ko_KR_funds,
  ...ko_KR_miners,
  ...ko_KR_markets,
  ...ko_KR_team,
  ...ko_KR_shipping,
  ...ko_KR_feedback,
  ...ko_KR_wellbeing,
  ...ko_KR_college,
  ...ko_KR_content,
  ...ko_KR_notices,
  ...ko_KR_sessions,
  ...ko_KR_wallets,
};
export const ja_JP = {
  ...catalogs.ja_JP,
  ...ja_JP_funds,
  ...ja_JP_miners,
  ...ja_JP_markets,
  ...ja_JP_team,
  ...ja_JP_shipping,
  ...ja_JP_feedback,
  ...ja_JP_wellbeing,
  ...ja_JP_college,
  ...ja_JP_content,
  ...ja_JP_notices,
  ...ja_JP_sessions,
  ...ja_JP_wallets,
};
export const id_ID = {
  ...catalogs.id_ID,
  ...id_ID_funds,
  ...id_ID_miners,
  ...id_ID_markets,
  ...id_ID_team,
  ...id_ID_shipping,
  ...id_ID_feedback,
  ...id_ID_wellbeing,
  ...id_ID_college,
  ...id_ID_content,
  ...id_ID_notices,
  ...id_ID_sessions,
  ...id_ID_wallets,
};

/** A catalog text with its {{placeholders}} filled in, as i18next does it. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}
