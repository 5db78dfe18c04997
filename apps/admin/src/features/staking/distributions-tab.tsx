import { useTranslation } from 'react-i18next';
import type { StakingDistribution } from '@wallx/shared';
import { DataTable, type Column } from '../../components/data-table';
import { PagedTable } from '../../components/paged-table';
import { rowsOf } from '../../lib/paged-query';
import { useDistributions } from './api/pool';

/** A day's distribution per asset: proceeds = aid + paid + kept (what rounding left stays in the pool, visibly). */
export function useDistributionColumns(): Column<StakingDistribution>[] {
  const { t } = useTranslation();
  return [
    { header: t('staking.day'), className: 'nowrap', cell: (d) => d.day },
    { header: t('staking.asset'), cell: (d) => d.asset },
    { header: t('staking.proceeds'), num: true, cell: (d) => d.proceeds },
    { header: t('staking.aid'), num: true, cell: (d) => d.aid },
    { header: t('staking.paid'), num: true, cell: (d) => d.paid },
    { header: t('staking.kept'), num: true, cell: (d) => d.kept },
    { header: t('staking.stakes_count'), num: true, cell: (d) => d.stakes },
    { header: t('staking.users_count'), num: true, cell: (d) => d.users },
  ];
}

const keyOf = (d: StakingDistribution) => `${d.day}:${d.asset}`;

/** The last days' distributions, as the pool's page carries them. */
export function RecentDistributions({ rows }: { rows: StakingDistribution[] }) {
  const { t } = useTranslation();
  const columns = useDistributionColumns();
  if (rows.length === 0) return <p className="muted">{t('staking.no_distributions')}</p>;
  return (
    <div className="table-scroll">
      <DataTable rows={rows} rowKey={keyOf} compact columns={columns} />
    </div>
  );
}

/** Every distribution, newest day first, a page at a time. */
export function DistributionsTab() {
  const { t } = useTranslation();
  const list = useDistributions();
  const columns = useDistributionColumns();
  return (
    <>
      <p className="page__lead tab-lead">{t('staking.distributions_lead')}</p>
      <PagedTable
        list={list}
        rows={rowsOf(list)}
        rowKey={keyOf}
        columns={columns}
        empty={t('staking.no_distributions')}
      />
    </>
  );
}
