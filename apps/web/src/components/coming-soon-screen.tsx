import { useTranslation } from 'react-i18next';
import { Link, useMatches } from 'react-router';
import type { RouteHandle } from '../app/route-handle';
import { PageHeader } from './page-header';
import './status-screen.css';

/** Stands in for screens that arrive with later issues, so routes and the guard work end to end. */
export function ComingSoonScreen() {
  const { t } = useTranslation();
  const handle = (useMatches().at(-1)?.handle ?? {}) as RouteHandle;
  const title = handle.titleKey ? t(handle.titleKey) : t('home.title');
  return (
    <div className={`screen${handle.isTab ? ' screen--tab' : ''}`}>
      <PageHeader title={title} hasBack={!handle.isTab} />
      <section className="status-screen">
        <div className="status-screen__art" aria-hidden="true">
          <svg viewBox="0 0 120 120" width="100%" height="100%">
            <defs>
              <linearGradient id="coming-soon-ring" x1="0" y1="0" x2="1" y2="1">
                <stop offset="0" stopColor="#a78bfa" />
                <stop offset="1" stopColor="#22d3ee" />
              </linearGradient>
            </defs>
            <circle cx="60" cy="60" r="46" fill="none" stroke="rgba(255,255,255,0.06)" strokeWidth="10" />
            <circle cx="60" cy="60" r="46" fill="none" stroke="url(#coming-soon-ring)" strokeWidth="10" strokeLinecap="round" strokeDasharray="200 300" transform="rotate(-90 60 60)" />
            <path d="M60 38v24l14 9" fill="none" stroke="#eef1f8" strokeWidth="7" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </div>
        <h2 className="status-screen__title">{title}</h2>
        <p className="status-screen__text">{t('route.coming_soon')}</p>
        {!handle.isTab && (
          <Link className="button button--ghost" to="/">
            {t('route.go_home')}
          </Link>
        )}
      </section>
    </div>
  );
}
