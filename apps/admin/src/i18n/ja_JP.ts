import type { Widen } from '@wallx/shared/i18n/widen';
import type { AdminMessages } from './en_US';
import { ja_JP as audit } from './audit/ja_JP';
import { ja_JP as catalog } from './catalog/ja_JP';
import { ja_JP as content } from './content/ja_JP';
import { ja_JP as dashboard } from './dashboard/ja_JP';
import { ja_JP as feedback } from './feedback/ja_JP';
import { ja_JP as markets } from './markets/ja_JP';
import { ja_JP as money } from './money/ja_JP';
import { ja_JP as operators } from './operators/ja_JP';
import { ja_JP as shipping } from './shipping/ja_JP';
import { ja_JP as users } from './users/ja_JP';
import { ja_JP as wellbeing } from './wellbeing/ja_JP';
import { ja_JP as companion } from './companion/ja_JP';
import { ja_JP as staking } from './staking/ja_JP';
import { ja_JP as aidFund } from './aid-fund/ja_JP';

export const ja_JP: Widen<AdminMessages> = {
  app: {
    name: 'WALLX 管理コンソール',
    skip_to_content: '本文へスキップ',
    language: '言語',
    not_found: 'このページは存在しません。',
    back_home: 'ダッシュボードに戻る',
  },
  errors: {
    network: 'サーバーに接続できませんでした。接続を確認して、もう一度お試しください。',
    timeout: 'サーバーの応答に時間がかかりすぎました。もう一度お試しください。',
    internal: 'サーバーで問題が発生しました。しばらくしてからお試しください。',
    retry: '再試行',
  },
  auth: {
    title: 'オペレーターのサインイン',
    lead: 'オペレーターのアドレスのウォレットでサインインします。ウォレットがメッセージへの署名を求めます。チェーンには何も送信されず、費用もかかりません。',
    sign_in: 'ウォレットでサインイン',
    signing_in: 'ウォレットを待っています…',
    no_wallet:
      'このブラウザにウォレットが見つかりません。ウォレット拡張機能（MetaMask など）をインストールして、ページを再読み込みしてください。',
    no_account: 'ウォレットから署名用のアカウントが提供されませんでした。',
    rejected: 'ウォレットで署名が拒否されました。',
    wallet_failed: 'ウォレットで署名できませんでした：{{message}}',
    expired: 'セッションが終了しました。続けるには再度サインインしてください。',
    logged_out: 'サインアウトしました。',
    session_note: 'セッションは短く、このタブを閉じると終了します。',
    log_out: 'サインアウト',
    operator: 'サインイン中',
  },
  roles: {
    viewer: '閲覧者',
    support: 'サポート',
    finance: '財務',
    admin: '管理者',
  },
  nav: {
    label: 'コンソールのセクション',
    dashboard: 'ダッシュボード',
    users: 'ユーザー',
    catalog: 'カタログ',
    money: '資金',
    markets: 'マーケット',
    shipping: '配送',
    content: 'コンテンツ',
    wellbeing: 'ウェルビーイング',
    companion: 'AI コンパニオン',
    staking: 'ステーキングプール',
    aid_fund: '支援基金',
    feedback: 'フィードバック',
    audit: '監査ログ',
    operators: 'オペレーター',
  },
  table: {
    load_more: 'さらに読み込む',
    loading: '読み込み中…',
    end: 'これ以上の行はありません。',
    empty: 'この条件に一致するものはありません。',
    export_csv: 'CSV をエクスポート',
    export_hint: '現在の条件で表示中の {{count}} 行をエクスポートします。',
    rows_one: '{{count}} 行を表示',
    rows_other: '{{count}} 行を表示',
    filters: '絞り込み',
    apply: '適用',
    clear: 'クリア',
    close: '閉じる',
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
};
