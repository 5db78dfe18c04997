import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { en_US } from '../i18n/en_US';
import { setUpConsoleTests } from '../lib/test-render';
import { addressColumn, PagedTable } from './paged-table';

setUpConsoleTests();

type Row = { id: string; who: string | null };

/** The states of an infinite query, as PagedTable reads them. */
function list(state: Partial<Parameters<typeof PagedTable<Row>>[0]['list']> = {}) {
  return {
    isError: false,
    error: null,
    refetch: vi.fn(),
    isPending: false,
    isSuccess: true,
    hasNextPage: false,
    isFetchingNextPage: false,
    fetchNextPage: vi.fn(),
    ...state,
  } as Parameters<typeof PagedTable<Row>>[0]['list'];
}

const columns = [
  { header: 'Id', cell: (row: Row) => row.id },
  addressColumn('Who', (row: Row) => row.who),
  { header: 'Open', hideHeader: true, num: true, cell: () => 'open' },
];

describe('the console table', () => {
  it('says it is loading, then that nothing matched', () => {
    const { rerender } = render(
      <PagedTable
        list={list({ isPending: true, isSuccess: false })}
        rows={[]}
        columns={columns}
        rowKey={(r) => r.id}
      />,
    );
    expect(screen.getByText(en_US.table.loading)).toBeTruthy();
    expect(screen.queryByText(en_US.table.empty)).toBeNull();
    rerender(<PagedTable list={list()} rows={[]} columns={columns} rowKey={(r) => r.id} empty="No miners." />);
    expect(screen.getByText('No miners.')).toBeTruthy();
    expect(screen.queryByText(en_US.table.loading)).toBeNull();
  });

  it('shows the refusal to load with another try', () => {
    const failed = list({ isError: true, isSuccess: false, error: new Error('Not allowed') });
    render(<PagedTable list={failed} rows={[]} columns={columns} rowKey={(r) => r.id} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Not allowed');
    fireEvent.click(within(alert).getByRole('button', { name: en_US.errors.retry }));
    expect(failed.refetch).toHaveBeenCalledOnce();
  });

  it('draws the columns, marks the open row, and loads the next page on request', () => {
    const more = list({ hasNextPage: true });
    const rows: Row[] = [
      { id: 'a', who: '0x1234567890abcdef1234567890abcdef12345678' },
      { id: 'b', who: null },
    ];
    render(<PagedTable list={more} rows={rows} columns={columns} rowKey={(r) => r.id} selectedKey="b" />);
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['Id', 'Who', 'Open']);
    expect(headers[2]!.className).toBe('num');
    expect(headers[2]!.querySelector('.visually-hidden')).toBeTruthy();
    const [first, second] = screen.getAllByRole('row').slice(1);
    expect(first!.getAttribute('aria-selected')).toBe('false');
    expect(second!.getAttribute('aria-selected')).toBe('true');
    expect(within(first!).getByTitle(rows[0]!.who!)).toBeTruthy();
    expect(within(second!).getByText('—')).toBeTruthy();
    expect(screen.getByText('2 rows shown')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: en_US.table.load_more }));
    expect(more.fetchNextPage).toHaveBeenCalledOnce();
  });
});
