import type { ReactNode } from 'react';
import { shortAddress } from '@wallx/shared';
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

export type DataTableProps<Row> = {
  rows: readonly Row[];
  columns: Array<Column<Row> | false>;
  rowKey: (row: Row) => string;
  /** The key of the row open beside the table; a table without a detail panel leaves it out. */
  selectedKey?: string | null;
  /** Narrower cells, where a panel beside the table or the page's own width takes the room. */
  compact?: boolean;
  /** A `data-…` attribute naming each row by its key, for the browser tests (`request` gives `data-request`). */
  rowAttribute?: string;
};

const classes = (...names: Array<string | false | undefined>) => names.filter(Boolean).join(' ') || undefined;

/**
 * The console's one table: headings and cells from the same columns, so a figure column aligns
 * right in both and a wide-only column leaves both. A list the server pages goes in a PagedTable.
 */
export function DataTable<Row>({ rows, columns, rowKey, selectedKey, compact, rowAttribute }: DataTableProps<Row>) {
  const shown = columns.filter((column): column is Column<Row> => column !== false);
  return (
    <table className={compact ? 'table table--compact' : 'table'}>
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
}
