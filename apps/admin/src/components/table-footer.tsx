import { useTranslation } from 'react-i18next';

type Props = {
  count: number;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
};

/** Under a cursor-paged table: how many rows it shows, and the next page on request. */
export function TableFooter({ count, hasNextPage, isFetchingNextPage, fetchNextPage }: Props) {
  const { t } = useTranslation();
  return (
    <div className="table-footer">
      <span className="muted" aria-live="polite">
        {t('table.rows', { count })}
      </span>
      {hasNextPage ? (
        <button
          type="button"
          className="button"
          onClick={fetchNextPage}
          disabled={isFetchingNextPage}
          aria-busy={isFetchingNextPage}
        >
          {isFetchingNextPage ? t('table.loading') : t('table.load_more')}
        </button>
      ) : (
        count > 0 && <span className="muted">{t('table.end')}</span>
      )}
    </div>
  );
}

/** A list that could not load: the server's words, and another try. */
export function QueryError({ error, retry }: { error: Error; retry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="notice notice--error" role="alert">
      <span>{error.message}</span>
      <button type="button" className="button button--small" onClick={retry}>
        {t('errors.retry')}
      </button>
    </div>
  );
}
