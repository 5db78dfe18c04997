import { useTranslation } from 'react-i18next';
import type { OperatorAidDonation } from '@wallx/shared';
import { DataTable } from '../../components/data-table';
import { addressColumn, PagedTable, timeColumn } from '../../components/paged-table';
import { QueryError } from '../../components/table-footer';
import { rowsOf } from '../../lib/paged-query';
import { useAidFund, useDonations } from './api/aid-fund';

/** The fund per asset (balance, donations and the pool's shares in, grants out and on their way), then the donations. */
export function FundTab() {
  const { t } = useTranslation();
  const fund = useAidFund();
  const donations = useDonations();
  return (
    <>
      <section className="panel aid-fund__panel" aria-labelledby="aid-fund-balance-title">
        <h2 id="aid-fund-balance-title">{t('aid_fund.balance_title')}</h2>
        {fund.isError && <QueryError error={fund.error} retry={() => void fund.refetch()} />}
        {fund.isPending && <p className="table-message">{t('table.loading')}</p>}
        {fund.data && (
          <div className="table-scroll">
            <DataTable
              rows={fund.data.assets}
              rowKey={(a) => a.asset}
              compact
              columns={[
                { header: t('aid_fund.asset'), cell: (a) => a.asset },
                { header: t('aid_fund.balance'), num: true, cell: (a) => <strong>{a.balance}</strong> },
                { header: t('aid_fund.donations_in'), num: true, cell: (a) => a.donations },
                { header: t('aid_fund.shares_in'), num: true, cell: (a) => a.shares },
                { header: t('aid_fund.granted'), num: true, cell: (a) => a.granted },
                { header: t('aid_fund.granting'), num: true, cell: (a) => a.granting },
              ]}
            />
          </div>
        )}
      </section>
      <h2 className="aid-fund__heading">{t('aid_fund.donations_title')}</h2>
      <PagedTable
        list={donations}
        rows={rowsOf(donations)}
        rowKey={(d) => d.id}
        empty={t('aid_fund.no_donations')}
        columns={[
          timeColumn(t('aid_fund.date'), (d: OperatorAidDonation) => d.created_at),
          addressColumn(t('aid_fund.donor'), (d: OperatorAidDonation) => d.user),
          { header: t('aid_fund.amount'), num: true, className: 'nowrap', cell: (d) => `${d.amount} ${d.asset}` },
          {
            header: t('aid_fund.shown'),
            cell: (d) => (d.shown ? t('aid_fund.shown_yes') : <span className="muted">{t('aid_fund.shown_no')}</span>),
          },
        ]}
      />
    </>
  );
}
