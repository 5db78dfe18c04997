import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { langText, type EcologyItem } from '@wallx/shared';
import { ChevronRightIcon } from '../../components/icons';
import { ListLoadFailed } from '../../components/list-empty';
import { PageHeader } from '../../components/page-header';
import { PullRefresh } from '../../components/pull-refresh';
import { useLanguage } from '../../lib/i18n';
import { useEcology } from './api/get-ecology';
import { ecologyIcon } from './content-icons';
import { Markdown, safeLink } from '../../components/markdown';
import '../../components/card-list.css';
import './content.css';

function EcologySkeleton() {
  const { t } = useTranslation();
  return (
    <ul
      className="card-list ecology-list"
      aria-busy="true"
      aria-label={t('common.loading')}
      data-testid="ecology-skeleton"
    >
      {Array.from({ length: 4 }, (_, index) => (
        <li key={index} className="list-card ecology-card" aria-hidden="true">
          <span className="ecology-card__head">
            <span className="shimmer content-skeleton content-skeleton--tile" />
            <span className="shimmer content-skeleton content-skeleton--title" />
          </span>
          <span className="shimmer content-skeleton content-skeleton--line" />
          <span className="shimmer content-skeleton content-skeleton--line content-skeleton--short" />
        </li>
      ))}
    </ul>
  );
}

/** An item's card; with a link it is the link: a screen of the app, or a page outside it in a new tab. */
function EcologyCard({ item }: { item: EcologyItem }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { icon, tone } = ecologyIcon(item.icon);
  const link = item.link ? safeLink(item.link) : null;
  const title = langText(item.title, language);
  const content = (
    <>
      <div className="ecology-card__head">
        <span className="ecology-card__icon" aria-hidden="true">
          {icon}
        </span>
        <h2 className="ecology-card__title">{title}</h2>
      </div>
      {/* The whole card may be a link already: a link inside it would be one inside another. */}
      <Markdown text={langText(item.body, language)} className="markdown ecology-card__body" links={!link} />
      {link && (
        <span className="ecology-card__open">
          {t('content.open')}
          <ChevronRightIcon />
        </span>
      )}
    </>
  );
  const className = `list-card ecology-card ecology-card--${tone}`;
  if (link?.kind === 'app') {
    return (
      <Link to={link.to} className={`${className} ecology-card--link`} data-ecology={item.id}>
        {content}
      </Link>
    );
  }
  if (link) {
    return (
      <a
        href={link.href}
        className={`${className} ecology-card--link`}
        data-ecology={item.id}
        {...(link.kind === 'external' && { target: '_blank', rel: 'noopener noreferrer' })}
      >
        {content}
      </a>
    );
  }
  return (
    <div className={className} data-ecology={item.id}>
      {content}
    </div>
  );
}

/**
 * The well-being screens, from the app's own texts (home's cards): always there and always links,
 * whatever the operators' content holds, even on a deployment without demo content.
 */
function useOwnItems(): EcologyItem[] {
  const { t } = useTranslation();
  const own = [
    { id: 'checkin', link: '/checkin' },
    { id: 'tracking', link: '/mood' },
    { id: 'leaderboard', link: '/leaderboard' },
  ] as const;
  return own.map(({ id, link }) => ({
    id,
    icon: id,
    link,
    title: t(`home.scenes.${id}.title`),
    body: t(`home.scenes.${id}.body`),
  }));
}

/** /ecology: what the WALLX ecosystem is made of, each part leading to its screen. */
export function EcologyScreen() {
  const { t } = useTranslation();
  const ecology = useEcology();
  const items = ecology.data?.items;
  const ownItems = useOwnItems();
  return (
    <div className="screen content-screen">
      <PageHeader title={t('user.ecology')} />
      <PullRefresh onRefresh={() => ecology.refetch({ throwOnError: true })}>
        <p className="content-lead">{t('content.ecology_lead')}</p>
        <div className="content-body">
          <ul className="card-list ecology-list ecology-list--own" aria-label={t('home.ecosystem')}>
            {ownItems.map((item) => (
              <li key={item.id}>
                <EcologyCard item={item} />
              </li>
            ))}
          </ul>
          {items ? (
            items.length > 0 && (
              <ul className="card-list ecology-list" aria-label={t('user.ecology')}>
                {items.map((item) => (
                  <li key={item.id}>
                    <EcologyCard item={item} />
                  </li>
                ))}
              </ul>
            )
          ) : ecology.isPending ? (
            <EcologySkeleton />
          ) : (
            <ListLoadFailed
              text={t('content.ecology_failed')}
              className="content-empty"
              onRetry={() => void ecology.refetch()}
            />
          )}
        </div>
      </PullRefresh>
    </div>
  );
}
