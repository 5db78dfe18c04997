import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { MONEY_REPORT_MAX_DAYS } from '@wallx/shared';
import { DataTable } from '../../components/data-table';
import { ExportButton } from '../../components/export-button';
import { QueryError } from '../../components/table-footer';
import { useMoneyReport } from './api/settings';
import { reportRangeProblems } from './form-rules';
import { reportCsvColumns } from './money-csv';
import { ErrorNotice, Field } from '../../components/form-parts';

type Range = { from?: string; to?: string };

export function ReportTab() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  // No range in the address: the server picks the last days up to today in the report's own zone
  // and names them; the operator's calendar may already be on another day (issue 28).
  const asked: Range =
    params.has('from') && params.has('to') ? { from: params.get('from')!, to: params.get('to')! } : {};
  const report = useMoneyReport(asked);
  const [edits, setEdits] = useState<Range>({});
  const shown = {
    from: edits.from ?? asked.from ?? report.data?.from ?? '',
    to: edits.to ?? asked.to ?? report.data?.to ?? '',
  };
  const [rangeError, setRangeError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const { range } = reportRangeProblems(shown);
    setRangeError(range ? t('money.report_range', { days: MONEY_REPORT_MAX_DAYS }) : null);
    if (range) return;
    setEdits({});
    setParams({ tab: 'report', from: shown.from, to: shown.to });
  }

  const rows = report.data?.rows ?? [];
  return (
    <>
      <p className="page__lead tab-lead">{t('money.report_lead', { zone: report.data?.time_zone ?? '…' })}</p>
      <div className="toolbar">
        <form className="filters" onSubmit={submit} aria-label={t('table.filters')} noValidate>
          {(['from', 'to'] as const).map((end) => (
            <Field key={end} label={t(`money.report_${end}`)}>
              <input
                className="input"
                type="date"
                name={end}
                value={shown[end]}
                onChange={(event) => setEdits({ ...edits, [end]: event.target.value })}
              />
            </Field>
          ))}
          <div className="filters__buttons">
            <button type="submit" className="button button--primary">
              {t('money.show')}
            </button>
          </div>
        </form>
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
