import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { errorCatalog, formatDate, langText, type ArticleSummary, ApiError } from '@wallx/shared';
import { ChevronRightIcon } from '../../components/icons';
import { LanguagePicker } from '../../components/language-picker';
import { LIST_EMPTY_RING, ListEmpty, ListLoadFailed } from '../../components/list-empty';
import { PageHeader } from '../../components/page-header';
import { PullRefresh } from '../../components/pull-refresh';
import { useLanguage } from '../../lib/i18n';
import { useArticle } from './api/get-article';
import { articlesQueryOptions, useArticles } from './api/get-articles';
import { articleIcon } from './content-icons';
import { Markdown } from '../../components/markdown';
import '../../components/card-list.css';
import './content.css';

/** The address of one article, as links to it are written (`/article?key=privacy`). */
export function articlePath(key: string): string {
  return `/article?key=${encodeURIComponent(key)}`;
}

/**
 * The body without its opening `# Title` when that heading only repeats the title the page header
 * already shows.
 */
export function withoutRepeatedTitle(body: string, title: string): string {
  const match = /^\s*# +(.+?)[ \t]*(?:\n|$)/.exec(body);
  return match && match[1]!.trim() === title.trim() ? body.slice(match[0].length) : body;
}

/** The server's "no such article", or a key it would not even look up (it refuses its form). */
function isMissing(error: Error | null): boolean {
  return (
    error instanceof ApiError &&
    (error.code === errorCatalog.article_not_found.code || error.status === 400 || error.status === 404)
  );
}

const updatedOn = (value: string) => formatDate(value, 'Y-m-d');

function EmptyArt() {
  return (
    <>
      <path
        d="M50 34h16l10 10v32a4 4 0 0 1-4 4H50a4 4 0 0 1-4-4V38a4 4 0 0 1 4-4z"
        fill="#182036"
        stroke={LIST_EMPTY_RING}
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <path d="M54 56h16M54 66h10" stroke="#6d7794" strokeWidth="3" strokeLinecap="round" />
    </>
  );
}

function ListSkeleton() {
  const { t } = useTranslation();
  return (
    <ul className="card article-list" aria-busy="true" aria-label={t('common.loading')} data-testid="articles-skeleton">
      {Array.from({ length: 5 }, (_, index) => (
        <li key={index} className="list-row article-row" aria-hidden="true">
          <span className="shimmer content-skeleton content-skeleton--icon" />
          <span className="article-row__main">
            <span className="shimmer content-skeleton content-skeleton--title" />
            <span className="shimmer content-skeleton content-skeleton--meta" />
          </span>
        </li>
      ))}
    </ul>
  );
}

function ArticleRow({ article }: { article: ArticleSummary }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <li>
      <Link to={articlePath(article.key)} className="list-row article-row" data-article={article.key}>
        <span className="list-row__icon">{articleIcon(article.key)}</span>
        <span className="article-row__main">
          <span className="article-row__title">{langText(article.title, language)}</span>
          <time className="article-row__meta" dateTime={article.updated_at}>
            {t('content.updated', { date: updatedOn(article.updated_at) })}
          </time>
        </span>
        <ChevronRightIcon className="list-row__chevron" />
      </Link>
    </li>
  );
}

function ArticleList() {
  const { t } = useTranslation();
  const articles = useArticles();
  const items = articles.data?.items;
  return (
    <div className="screen content-screen">
      <PageHeader title={t('user.articles')} end={<LanguagePicker variant="icon" />} />
      <PullRefresh onRefresh={() => articles.refetch({ throwOnError: true })}>
        <p className="content-lead">{t('content.articles_lead')}</p>
        <div className="content-body">
          {items ? (
            items.length > 0 ? (
              <ul className="card article-list" aria-label={t('user.articles')}>
                {items.map((article) => (
                  <ArticleRow key={article.key} article={article} />
                ))}
              </ul>
            ) : (
              <ListEmpty
                title={t('content.articles_empty')}
                text={t('content.articles_empty_text')}
                art={<EmptyArt />}
                className="content-empty"
              />
            )
          ) : articles.isPending ? (
            <ListSkeleton />
          ) : (
            <ListLoadFailed
              text={t('content.articles_failed')}
              className="content-empty"
              onRetry={() => void articles.refetch()}
            />
          )}
        </div>
      </PullRefresh>
    </div>
  );
}

function ArticleSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="article-skeleton" aria-busy="true" aria-label={t('common.loading')} data-testid="article-skeleton">
      <span className="shimmer content-skeleton content-skeleton--meta" />
      <span className="shimmer content-skeleton content-skeleton--heading" />
      {Array.from({ length: 7 }, (_, index) => (
        <span key={index} className="shimmer content-skeleton content-skeleton--line" />
      ))}
      <span className="shimmer content-skeleton content-skeleton--heading" />
      {Array.from({ length: 4 }, (_, index) => (
        <span key={index} className="shimmer content-skeleton content-skeleton--line" />
      ))}
    </div>
  );
}

function NotFound() {
  const { t } = useTranslation();
  return (
    <ListEmpty
      title={t('content.not_found')}
      text={t('content.not_found_text')}
      art={<EmptyArt />}
      className="content-empty content-missing"
      action={
        <Link to="/article" className="button button--primary" replace>
          {t('content.all_articles')}
        </Link>
      }
    />
  );
}

function ArticleView({ articleKey }: { articleKey: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const article = useArticle(articleKey);
  // While the article loads, the list (when it was opened from there) already knows its title.
  const listed = queryClient
    .getQueryData(articlesQueryOptions().queryKey)
    ?.items.find((item) => item.key === articleKey);
  const missing = !article.data && isMissing(article.error);
  const titleValue = article.data?.title ?? listed?.title;
  const title = titleValue ? langText(titleValue, language) : t('user.articles');

  let body: ReactNode;
  if (article.data) {
    const { body: text, updated_at } = article.data;
    body = (
      <article className="article">
        <p className="article__meta">
          <time dateTime={updated_at}>{t('content.updated', { date: updatedOn(updated_at) })}</time>
        </p>
        <Markdown text={withoutRepeatedTitle(langText(text, language), title)} className="markdown article__body" />
      </article>
    );
  } else if (article.isPending) {
    body = <ArticleSkeleton />;
  } else if (missing) {
    body = <NotFound />;
  } else {
    body = (
      <ListLoadFailed
        text={t('content.article_failed')}
        className="content-empty"
        onRetry={() => void article.refetch()}
      />
    );
  }

  return (
    <div className="screen content-screen">
      <PageHeader title={title} end={<LanguagePicker variant="icon" />} />
      <PullRefresh onRefresh={() => article.refetch({ throwOnError: true })}>
        <div className="content-body">{body}</div>
      </PullRefresh>
    </div>
  );
}

/**
 * /article: the list of articles, or with `?key=` one of them in the reader's language. Guests come
 * here from the connect dialog and cannot reach the user centre: the header offers the languages.
 */
export function ArticleScreen() {
  const [params] = useSearchParams();
  const key = params.get('key');
  return key ? <ArticleView key={key} articleKey={key} /> : <ArticleList />;
}
