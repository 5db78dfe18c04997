import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { assets, type Asset } from '@wallx/shared';
import { PagedTable } from '../../components/paged-table';
import { formatTime } from '../../lib/format';
import { rowsOf } from '../../lib/paged-query';
import { useUserRecords } from './api/get-user-records';
import { Segmented } from '../../components/segmented';

/** The user's ledger entries, newest first: signed amounts and the balance after each, exactly as the ledger holds them. */
export function UserRecords({ id }: { id: string }) {
  const { t } = useTranslation();
  const [asset, setAsset] = useState<Asset | null>(null);
  const records = useUserRecords(id, asset);
  const items = rowsOf(records);
  return (
    <section aria-label={t('users.tab_records')}>
      <Segmented
        label={t('users.asset')}
        options={[null, ...assets].map((choice) => ({ value: choice, label: choice ?? t('users.any') }))}
        value={asset}
        onChange={setAsset}
      />
      <PagedTable
        nested
        list={records}
        rows={items}
        rowKey={(record) => record.id}
        empty={t('users.no_records')}
        columns={[
          { header: t('users.time'), cell: (record) => formatTime(record.created_at) },
          { header: t('users.type'), cell: (record) => <code>{record.type}</code> },
          {
            header: t('users.amount'),
            num: true,
            className: (record) => `nowrap ${record.amount.startsWith('-') ? 'amount--out' : 'amount--in'}`,
            cell: (record) => `${record.amount} ${record.asset}`,
          },
          { header: t('users.balance_after'), num: true, className: 'nowrap', cell: (record) => record.balance_after },
        ]}
      />
    </section>
  );
}
