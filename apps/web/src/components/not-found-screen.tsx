import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from './page-header';
import './status-screen.css';

export function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <div className="screen">
      <PageHeader title={t('route.not_found')} />
      <section className="status-screen">
        <p className="status-screen__code" aria-hidden="true">
          404
        </p>
        <h2 className="status-screen__title">{t('route.not_found')}</h2>
        <Link className="button button--primary" to="/" replace>
          {t('route.go_home')}
        </Link>
      </section>
    </div>
  );
}
