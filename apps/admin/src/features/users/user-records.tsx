import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { assets, type Asset } from '@wallx/shared';
import { QueryError, TableFooter } from '../../components/table-footer';
import { formatTime } from '../../lib/format';
import { useUserRecords } from './api/get-user-records';

/** The user's ledger entries, newest first: signed amounts and the balance after each, exactly as the ledger holds them. */
export function UserRecords({ id }: { id: string }) {
  const { t } = useTranslation();
  const [asset, setAsset] = useState<Asset | null>(null);
  const records = useUserRecords(id, asset);
  const items = records.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-label={t('users.tab_records')}>
      <div className="segmented" role="group" aria-label={t('users.asset')}>
        {[null, ...assets].map((choice) => (
          <button
            key={choice ?? 'all'}
            type="button"
            className="segmented__option"
            aria-pressed={asset === choice}
            onClick={() => setAsset(choice)}
          >
            {choice ?? t('users.any')}
          </button>
        ))}
      </div>
      {records.isError && <QueryError error={records.error} retry={() => void records.refetch()} />}
      <div className="table-scroll">
        <table className="table table--compact">
          <thead>
            <tr>
              <th scope="col">{t('users.time')}</th>
              <th scope="col">{t('users.type')}</th>
              <th scope="col" className="num">
                {t('users.amount')}
              </th>
              <th scope="col" className="num">
                {t('users.balance_after')}
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((record) => (
              <tr key={record.id}>
                <td>{formatTime(record.created_at)}</td>
                <td>
                  <code>{record.type}</code>
                </td>
                <td className={`num nowrap ${record.amount.startsWith('-') ? 'amount--out' : 'amount--in'}`}>
                  {record.amount} {record.asset}
                </td>
                <td className="num nowrap">{record.balance_after}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {records.isPending && <p className="table-message">{t('table.loading')}</p>}
      {records.isSuccess && items.length === 0 && <p className="table-message">{t('users.no_records')}</p>}
      <TableFooter
        count={items.length}
        hasNextPage={records.hasNextPage}
        isFetchingNextPage={records.isFetchingNextPage}
        fetchNextPage={() => void records.fetchNextPage()}
      />
    </section>
  );
}
