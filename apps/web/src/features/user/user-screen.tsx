import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber, shortAddress } from '@wallx/shared';
import { AddressAvatar } from '../../components/address-avatar';
import {
  BadgeCheckIcon,
  CollegeIcon,
  DocumentIcon,
  FeedbackIcon,
  GiftIcon,
  HeartIcon,
  KeyIcon,
  LeafIcon,
  LockIcon,
  OrdersIcon,
  DepositIcon,
  RecordsIcon,
  SettingsIcon,
  TransferIcon,
  TrendIcon,
  WithdrawalIcon,
} from './user-icons';
import {
  ChipIcon,
  CopyIcon,
  HistoryIcon,
  PinIcon,
  ShieldCheckIcon,
  TeamIcon,
  TruckIcon,
} from '../../components/screen-icons';
import { UsdtIcon, WallxIcon } from '../../components/asset-icons';
import { LanguagePicker } from '../../components/language-picker';
import { PageHeader } from '../../components/page-header';
import { copyWithToast } from '../../lib/copy';
import { useSession } from '../../lib/session-store';
import { useUserInfo } from '../../lib/user-info';
import { useFeedbackUnread } from '../../lib/feedback-unread';
import { NoticeBell } from './notice-bell';
import { EntryRow, ListSection, LogoutButton, type Entry } from './user-parts';
import './user-screen.css';

const quickActions: readonly Entry[] = [
  { to: '/recharge', labelKey: 'user.deposit', Icon: DepositIcon },
  { to: '/withdrawal', labelKey: 'user.withdrawal', Icon: WithdrawalIcon },
  { to: '/transfer', labelKey: 'user.transfer', Icon: TransferIcon },
];

const services: readonly Entry[] = [
  { to: '/records', labelKey: 'user.records', Icon: RecordsIcon },
  { to: '/transfer_records', labelKey: 'user.transfer_records', Icon: HistoryIcon },
  { to: '/mymines', labelKey: 'user.my_mines', Icon: ChipIcon },
  { to: '/orders', labelKey: 'user.orders', Icon: OrdersIcon },
  { to: '/share', labelKey: 'user.share', Icon: GiftIcon },
  { to: '/team', labelKey: 'user.team', Icon: TeamIcon },
  { to: '/address', labelKey: 'user.address_book', Icon: PinIcon },
  { to: '/shipping', labelKey: 'user.shipping', Icon: TruckIcon },
];

const more: readonly Entry[] = [
  { to: '/checkin', labelKey: 'user.checkin', Icon: HeartIcon },
  { to: '/mood', labelKey: 'user.mood', Icon: TrendIcon },
  { to: '/fpassword', labelKey: 'user.fund_password', Icon: KeyIcon },
  { to: '/feedback', labelKey: 'user.feedback', Icon: FeedbackIcon },
  { to: '/college', labelKey: 'user.college', Icon: CollegeIcon },
  { to: '/ecology', labelKey: 'user.ecology', Icon: LeafIcon },
  { to: '/article', labelKey: 'user.articles', Icon: DocumentIcon },
];

const settingsEntry: Entry = { to: '/settings', labelKey: 'user.more_settings', Icon: SettingsIcon };

const validatorEntry: Entry = { to: '/validator', labelKey: 'user.validator_entry', Icon: BadgeCheckIcon };

export function UserScreen() {
  const { t } = useTranslation();
  // The stored session renders at once; the query then brings fresh data into the store.
  useUserInfo();
  const { data: unreadReplies } = useFeedbackUnread();
  const userinfo = useSession((s) => s.userinfo);
  const balance = useSession((s) => s.balance);
  if (!userinfo) return null;

  return (
    <div className="screen screen--tab user">
      <PageHeader title={t('user.title')} hasBack={false} end={<NoticeBell />} />

      <section className="profile">
        <AddressAvatar address={userinfo.bsc} size="calc(52 * var(--px))" />
        <div className="profile__main">
          <div className="profile__address-row">
            <span className="profile__address" title={userinfo.bsc} data-address={userinfo.bsc}>
              {shortAddress(userinfo.bsc)}
            </span>
            <button
              type="button"
              className="copy-button"
              onClick={() => void copyWithToast(userinfo.bsc)}
              aria-label={`${t('common.copy')} ${t('user.address')}`}
            >
              <CopyIcon />
            </button>
          </div>
          <div className="profile__tags">
            {userinfo.is_validator && (
              <span className="tag tag--validator">
                <ShieldCheckIcon />
                {t('user.validator')}
              </span>
            )}
            <span className="profile__share">
              <span className="profile__share-label">{t('user.share_code')}</span>
              <span className="profile__share-code">{userinfo.share_code}</span>
              <button
                type="button"
                className="copy-button"
                onClick={() => void copyWithToast(userinfo.share_code)}
                aria-label={`${t('common.copy')} ${t('user.share_code')}`}
              >
                <CopyIcon />
              </button>
            </span>
          </div>
        </div>
      </section>

      {userinfo.is_frozen && (
        <p className="frozen-notice" role="status">
          <LockIcon />
          {t('user.frozen')}
        </p>
      )}

      <section className="section">
        <div className="assets card">
          <h2 className="assets__title">{t('user.assets')}</h2>
          <ul className="assets__list">
            <li className="asset">
              <UsdtIcon className="asset__icon" />
              <span className="asset__name">USDT</span>
              <span className="asset__amount" data-asset="USDT">
                {formatNumber(balance.usdt)}
              </span>
            </li>
            <li className="asset">
              <WallxIcon className="asset__icon" />
              <span className="asset__name">WALLX</span>
              <span className="asset__amount" data-asset="WALLX">
                {formatNumber(balance.wallx)}
              </span>
            </li>
          </ul>
          <div className="quick-actions">
            {quickActions.map(({ to, labelKey, Icon }) => (
              <Link key={to} to={to} className="quick-action">
                <span className="quick-action__icon">
                  <Icon />
                </span>
                <span className="quick-action__label">{t(labelKey)}</span>
              </Link>
            ))}
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="user-services">
        <h2 className="section__title" id="user-services">
          {t('user.services')}
        </h2>
        <div className="services card">
          {services.map(({ to, labelKey, Icon }) => (
            <Link key={to} to={to} className="service">
              <span className="service__icon">
                <Icon />
              </span>
              <span className="service__label">{t(labelKey)}</span>
            </Link>
          ))}
        </div>
      </section>

      <section className="section">
        <div className="list card">
          {(userinfo.is_validator ? [validatorEntry, ...more] : more).map((entry) => (
            <EntryRow key={entry.to} {...entry} badge={entry.to === '/feedback' ? unreadReplies : undefined} />
          ))}
        </div>
      </section>

      <ListSection id="user-settings" title={t('user.settings')} after={<LogoutButton />}>
        <EntryRow {...settingsEntry} />
        <LanguagePicker variant="row" />
      </ListSection>
    </div>
  );
}
