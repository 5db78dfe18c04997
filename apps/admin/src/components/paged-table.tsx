import type { ReactNode } from 'react';
import { shortAddress } from '@wallx/shared';
import { useTranslation } from 'react-i18next';
import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { QueryError, TableFooter } from './table-footer';
import { formatTime } from '../lib/format';

export type Column<Row> = {
  /** The heading; one without a visible word (a row's buttons) is still named for screen readers. */
  header: string;
  hideHeader?: boolean;
  /** Figures align right, heading and cells alike. */
  num?: boolean;
  /** Left out on a narrow table (`when-wide`), heading and cells alike. */
  wideOnly?: boolean;
  /** The cells' further classes (`nowrap`, `table__actions`, `message-text`), or a row's own. */
  className?: string | ((row: Row) => string);
  cell: (row: Row) => ReactNode;
};

/** A column of addresses (or hashes): shortened to `length` characters, whole on hover; a dash where there is none. */
export function addressColumn<Row>(header: string, address: (row: Row) => string | null, length = 12): Column<Row> {
  return { header, cell: (row) => <Address value={address(row)} length={length} /> };
}

/** A column of moments, as the console writes them (formatTime), never wrapped. */
export function timeColumn<Row>(header: string, time: (row: Row) => string | null): Column<Row> {
  return { header, className: 'nowrap', cell: (row) => formatTime(time(row)) };
}

function Address({ value, length }: { value: string | null; length: number }) {
  return value ? <code title={value}>{shortAddress(value, length)}</code> : <span className="muted">—</span>;
}

type Props<Row> = {
  /** The list's infinite query (pages of rows), for its states. */
  list: Pick<
    UseInfiniteQueryResult,
    'isError' | 'error' | 'refetch' | 'isPending' | 'isSuccess' | 'hasNextPage' | 'isFetchingNextPage' | 'fetchNextPage'
  >;
  /** The rows of the pages loaded so far (`rowsOf(list)`), which the screen also exports or selects from. */
  rows: Row[];
  columns: Array<Column<Row> | false>;
  rowKey: (row: Row) => string;
  /** The key of the row open beside the table; a table without a detail panel leaves it out. */
  selectedKey?: string | null;
  /** Narrower cells, where a panel beside the table takes the room. */
  compact?: boolean;
  /** Inside a detail panel: no panel of its own, compact, scrolled sideways when wider than the panel. */
  nested?: boolean;
  /** A `data-…` attribute naming each row by its key, for the browser tests (`request` gives `data-request`). */
  rowAttribute?: string;
  /** What an empty list says, where `table.empty` is not the words. */
  empty?: string;
};

const classes = (...names: Array<string | false | undefined>) => names.filter(Boolean).join(' ') || undefined;

/**
 * Every table of the console, cursor-paged in its panel: the refusal to load (with another try),
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
  const shown = columns.filter((column): column is Column<Row> => column !== false);
  const table = (
    <table className={compact || nested ? 'table table--compact' : 'table'}>
      <thead>
        <tr>
          {shown.map((column) => (
            <th
              key={column.header}
              scope="col"
              className={classes(column.num && 'num', column.wideOnly && 'when-wide')}
            >
              {column.hideHeader ? <span className="visually-hidden">{column.header}</span> : column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const key = rowKey(row);
          const selected = selectedKey === undefined ? undefined : key === selectedKey;
          return (
            <tr
              key={key}
              aria-selected={selected}
              className={selected ? 'is-selected' : undefined}
              {...(rowAttribute && { [`data-${rowAttribute}`]: key })}
            >
              {shown.map((column) => (
                <td
                  key={column.header}
                  className={classes(
                    column.num && 'num',
                    typeof column.className === 'function' ? column.className(row) : column.className,
                    column.wideOnly && 'when-wide',
                  )}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
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
