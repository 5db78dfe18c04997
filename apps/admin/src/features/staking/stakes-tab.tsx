import { useTranslation } from 'react-i18next';
import { stakeStatuses, type OperatorStake } from '@wallx/shared';
import { FilterBar, type FilterField } from '../../components/filter-bar';
import { addressColumn, PagedTable, timeColumn } from '../../components/paged-table';
import { formatTime } from '../../lib/format';
import { rowsOf } from '../../lib/paged-query';
import { useUrlFilters } from '../../lib/use-url-filters';
import { useStakes } from './api/pool';

/** Every stake, newest first, with its owner (money, not health data), its term and what it earned. */
export function StakesTab() {
  const { t } = useTranslation();
  const [filters, apply] = useUrlFilters(['status'], { status: 'any' });
  const list = useStakes({ status: filters.status ?? 'any' });
  const fields: FilterField[] = [
    {
      name: 'status',
      label: t('staking.state'),
      kind: 'select',
      options: [
        { value: 'any', label: t('staking.any') },
        ...stakeStatuses.map((s) => ({ value: s, label: t(`staking.status_${s}`) })),
      ],
    },
  ];
  return (
    <>
      <div className="toolbar">
        <FilterBar key={JSON.stringify(filters)} fields={fields} value={filters} onApply={apply} />
      </div>
      <PagedTable
        list={list}
        rows={rowsOf(list)}
        rowKey={(s) => s.id}
        columns={[
          addressColumn(t('staking.user'), (s: OperatorStake) => s.user),
          { header: t('staking.term'), className: 'nowrap', cell: (s) => t(`staking.term_${s.term}`) },
          { header: t('staking.amount'), num: true, className: 'nowrap', cell: (s) => `${s.amount} WALLX` },
          timeColumn(t('staking.started'), (s: OperatorStake) => s.started_at),
          {
            header: t('staking.ends'),
            className: 'nowrap',
            cell: (s) => (s.ends_at ? formatTime(s.ends_at) : t('staking.any_time')),
          },
          { header: t('staking.state'), className: 'nowrap', cell: (s) => t(`staking.status_${s.status}`) },
          {
            header: t('staking.earned'),
            num: true,
            className: 'nowrap',
            cell: (s) => `${s.earned_wallx} WALLX · ${s.earned_usdt} USDT`,
          },
        ]}
      />
    </>
  );
}
