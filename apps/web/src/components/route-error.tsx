import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import './status-screen.css';

/**
 * Shown when a screen fails to load or render. The usual cause is a new release replacing the
 * chunks this page expects, which a reload fixes.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => console.error(error), [error]);
  return (
    <div className="screen">
      <section className="status-screen" role="alert">
        <h2 className="status-screen__title">{t('errors.internal')}</h2>
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          {t('common.retry')}
        </button>
      </section>
    </div>
  );
}
