import { useTranslation } from 'react-i18next';
import { LanguagePicker } from '../../components/language-picker';
import { PageHeader } from '../../components/page-header';
import { PinIcon } from '../../components/screen-icons';
import { SessionsSection } from './sessions-section';
import { DocumentIcon, KeyIcon, VersionIcon } from './user-icons';
import { EntryRow, ListSection, LogoutButton } from './user-parts';
import './user-screen.css';

/** Language, security, addresses, my login sessions, the articles, the version, and logging out. */
export function SettingsScreen() {
  const { t } = useTranslation();
  return (
    <div className="screen user settings-screen">
      <PageHeader title={t('user.settings')} />

      <ListSection id="settings-general" title={t('user.general')}>
        <LanguagePicker variant="row" />
      </ListSection>

      <ListSection id="settings-account" title={t('user.account')}>
        <EntryRow to="/fpassword" labelKey="user.fund_password" Icon={KeyIcon} />
        <EntryRow to="/address" labelKey="user.address_book" Icon={PinIcon} />
      </ListSection>

      <SessionsSection />

      <ListSection id="settings-about" title={t('user.about')} after={<LogoutButton />}>
        <EntryRow to="/article" labelKey="user.articles" Icon={DocumentIcon} />
        <div className="list-row">
          <span className="list-row__icon">
            <VersionIcon />
          </span>
          <span className="list-row__label">{t('user.app_version')}</span>
          <span className="list-row__value" data-testid="app-version">
            {__APP_VERSION__}
          </span>
        </div>
      </ListSection>
    </div>
  );
}
