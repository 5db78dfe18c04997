import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ChevronLeftIcon } from './icons';

type Props = {
  title: string;
  /** Top-level (tab) screens have nowhere to go back to. */
  hasBack?: boolean;
  end?: ReactNode;
};

export function PageHeader({ title, hasBack = true, end }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const site = t('home.title');
  // The screen's header names it in the tab and the history too, as the server's page head does
  // (apps/server/src/platform/http/page-head.ts); leaving it, the app's name alone is home's title.
  useEffect(() => {
    document.title = `${title} · ${site}`;
    return () => {
      document.title = site;
    };
  }, [title, site]);
  // Opened from a shared link there is no history entry to return to; go home instead.
  const back = () => (window.history.state?.idx > 0 ? void navigate(-1) : void navigate('/', { replace: true }));
  return (
    <header className="page-header">
      <div className="page-header__side">
        {hasBack && (
          <button type="button" className="icon-button icon-button--plain" onClick={back} aria-label={t('common.back')}>
            <ChevronLeftIcon />
          </button>
        )}
      </div>
      <h1 className="page-header__title">{title}</h1>
      <div className="page-header__side page-header__side--end">{end}</div>
    </header>
  );
}
