import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MONEY_REPORT_MAX_DAYS } from '@wallx/shared';
import { DataTable } from '../../components/data-table';
import { DayRangeFilter, useDayRange } from '../../components/day-range';
import { ExportButton } from '../../components/export-button';
import { QueryError } from '../../components/table-footer';
import { useMoneyReport } from './api/settings';
import { reportRangeProblems } from './form-rules';
import { reportCsvColumns } from './money-csv';
import { ErrorNotice } from '../../components/form-parts';

export function ReportTab() {
  const { t } = useTranslation();
  // No range in the address: the server picks the last days up to today in the report's own zone
  // and names them; the operator's calendar may already be on another day (issue 28).
  const days = useDayRange('report');
  const report = useMoneyReport(days.asked);
  const shown = days.shown(report.data);
  const [rangeError, setRangeError] = useState<string | null>(null);

  function submit() {
    const { range } = reportRangeProblems(shown);
    setRangeError(range ? t('money.report_range', { days: MONEY_REPORT_MAX_DAYS }) : null);
    if (!range) days.apply(shown);
  }

  const rows = report.data?.rows ?? [];
  return (
    <>
      <p className="page__lead tab-lead">{t('money.report_lead', { zone: report.data?.time_zone ?? '…' })}</p>
      <div className="toolbar">
        <DayRangeFilter
          shown={shown}
          labels={{ from: t('money.report_from'), to: t('money.report_to'), show: t('money.show') }}
          onEdit={days.edit}
          onSubmit={submit}
        />
        <ExportButton
          name={`report-${report.data?.from ?? shown.from}-${report.data?.to ?? shown.to}`}
          columns={reportCsvColumns}
          rows={rows}
        />
      </div>
      <ErrorNotice>{rangeError}</ErrorNotice>
      <div className="panel table-panel">
        {report.isError && <QueryError error={report.error} retry={() => void report.refetch()} />}
        <DataTable
          rows={rows}
          rowKey={(row) => `${row.day}:${row.asset}:${row.type}`}
          columns={[
            { header: t('money.day'), className: 'nowrap', cell: (row) => row.day },
            { header: t('money.asset'), cell: (row) => row.asset },
            { header: t('money.type'), cell: (row) => t(`money.types.${row.type}`) },
            { header: t('money.count'), num: true, cell: (row) => row.count },
            {
              header: t('money.total'),
              num: true,
              className: (row) => `nowrap ${row.total.startsWith('-') ? 'amount--out' : 'amount--in'}`,
              cell: (row) => (row.total.startsWith('-') ? row.total.replace('-', '−') : `+${row.total}`),
            },
          ]}
        />
        {report.isPending && <p className="table-message">{t('table.loading')}</p>}
        {report.isSuccess && rows.length === 0 && <p className="table-message">{t('table.empty')}</p>}
      </div>
    </>
  );
}
