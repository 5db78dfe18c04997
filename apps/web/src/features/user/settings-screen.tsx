import { useTranslation } from 'react-i18next';
import { LanguagePicker } from '../../components/language-picker';
import { PageHeader } from '../../components/page-header';
import { PinIcon } from '../../components/screen-icons';
import { DocumentIcon, KeyIcon, LogoutIcon, VersionIcon } from './user-icons';
import { EntryRow, useConfirmLogout } from './user-parts';
import './user-screen.css';

/** Language, security, addresses, the articles, the version, and logging out. */
export function SettingsScreen() {
  const { t } = useTranslation();
  const confirmLogout = useConfirmLogout();
  return (
    <div className="screen user settings-screen">
      <PageHeader title={t('user.settings')} />

      <section className="section" aria-labelledby="settings-general">
        <h2 className="section__title" id="settings-general">
          {t('user.general')}
        </h2>
        <div className="list card">
          <LanguagePicker variant="row" />
        </div>
      </section>

      <section className="section" aria-labelledby="settings-account">
        <h2 className="section__title" id="settings-account">
          {t('user.account')}
        </h2>
        <div className="list card">
          <EntryRow to="/fpassword" labelKey="user.fund_password" Icon={KeyIcon} />
          <EntryRow to="/address" labelKey="user.address_book" Icon={PinIcon} />
        </div>
      </section>

      <section className="section" aria-labelledby="settings-about">
        <h2 className="section__title" id="settings-about">
          {t('user.about')}
        </h2>
        <div className="list card">
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
        </div>
        <button type="button" className="button button--danger button--block logout-button" onClick={() => void confirmLogout()}>
          <LogoutIcon />
          {t('auth.logout')}
        </button>
      </section>
    </div>
  );
}
