import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { QueryError, TableFooter } from './table-footer';
import { DataTable, type DataTableProps } from './data-table';

export { addressColumn, timeColumn, type Column } from './data-table';

type Props<Row> = Omit<DataTableProps<Row>, 'rows'> & {
  /** The list's infinite query (pages of rows), for its states. */
  list: Pick<
    UseInfiniteQueryResult,
    'isError' | 'error' | 'refetch' | 'isPending' | 'isSuccess' | 'hasNextPage' | 'isFetchingNextPage' | 'fetchNextPage'
  >;
  /** The rows of the pages loaded so far (`rowsOf(list)`), which the screen also exports or selects from. */
  rows: Row[];
  /** Inside a detail panel: no panel of its own, compact, scrolled sideways when wider than the panel. */
  nested?: boolean;
  /** What an empty list says, where `table.empty` is not the words. */
  empty?: string;
};

/**
 * Every list the server pages, in its panel: the refusal to load (with another try),
 * the rows, the loading and empty lines, and the footer with the next page on request.
 */
export function PagedTable<Row>({
  list,
  rows,
  columns,
  rowKey,
  selectedKey,
  compact,
  nested,
  empty,
  rowAttribute,
}: Props<Row>) {
  const { t } = useTranslation();
  const table = (
    <DataTable
      rows={rows}
      columns={columns}
      rowKey={rowKey}
      selectedKey={selectedKey}
      compact={compact || nested}
      rowAttribute={rowAttribute}
    />
  );
  const states = (
    <>
      {list.isPending && <p className="table-message">{t('table.loading')}</p>}
      {list.isSuccess && rows.length === 0 && <p className="table-message">{empty ?? t('table.empty')}</p>}
      <TableFooter
        count={rows.length}
        hasNextPage={list.hasNextPage}
        isFetchingNextPage={list.isFetchingNextPage}
        fetchNextPage={() => void list.fetchNextPage()}
      />
    </>
  );
  const error = list.isError && list.error && <QueryError error={list.error} retry={() => void list.refetch()} />;
  if (nested)
    return (
      <>
        {error}
        <div className="table-scroll">{table}</div>
        {states}
      </>
    );
  return (
    <div className="panel table-panel">
      {error}
      {table}
      {states}
    </div>
  );
}

type RowButtonProps = { label: string; onClick: () => void; link?: boolean; children: ReactNode };

/**
 * What opens a row: its first words drawn as a link (`link`), or a small button at its end; `label`
 * names the row, since "Open" alone does not say which.
 */
export function RowButton({ label, onClick, link = false, children }: RowButtonProps) {
  return (
    <button
      type="button"
      className={link ? 'link-button' : 'button button--small'}
      aria-label={label}
      onClick={onClick}
    >
      {children}
    </button>
  );
}
