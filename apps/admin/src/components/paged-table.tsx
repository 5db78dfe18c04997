import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { QueryError, TableFooter } from './table-footer';

type Props = {
  /** The list's infinite query (pages of rows). */
  list: Pick<
    UseInfiniteQueryResult,
    'isError' | 'error' | 'refetch' | 'isPending' | 'isSuccess' | 'hasNextPage' | 'isFetchingNextPage' | 'fetchNextPage'
  >;
  count: number;
  /** The table itself. */
  children: ReactNode;
};

/** A cursor-paged table in its panel: the refusal to load, the table, loading and empty lines, the footer. */
export function PagedTable({ list, count, children }: Props) {
  const { t } = useTranslation();
  return (
    <div className="panel table-panel">
      {list.isError && list.error && <QueryError error={list.error} retry={() => void list.refetch()} />}
      {children}
      {list.isPending && <p className="table-message">{t('table.loading')}</p>}
      {list.isSuccess && count === 0 && <p className="table-message">{t('table.empty')}</p>}
      <TableFooter
        count={count}
        hasNextPage={list.hasNextPage}
        isFetchingNextPage={list.isFetchingNextPage}
        fetchNextPage={() => void list.fetchNextPage()}
      />
    </div>
  );
}
