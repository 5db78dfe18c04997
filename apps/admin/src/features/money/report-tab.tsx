import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { MONEY_REPORT_MAX_DAYS } from '@wallx/shared';
import { ExportButton } from '../../components/export-button';
import { QueryError } from '../../components/table-footer';
import { useMoneyReport } from './api/settings';
import { reportCsvColumns } from './money-csv';
import { ErrorNotice, Field } from '../../components/form-parts';

const DAY_MS = 24 * 60 * 60 * 1000;

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
    const days = (Date.parse(shown.to) - Date.parse(shown.from)) / DAY_MS + 1;
    if (!(days >= 1 && days <= MONEY_REPORT_MAX_DAYS)) {
      setRangeError(t('money.report_range', { days: MONEY_REPORT_MAX_DAYS }));
      return;
    }
    setRangeError(null);
    setEdits({});
    setParams({ view: 'report', from: shown.from, to: shown.to });
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
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('money.day')}</th>
              <th scope="col">{t('money.asset')}</th>
              <th scope="col">{t('money.type')}</th>
              <th scope="col" className="num">
                {t('money.count')}
              </th>
              <th scope="col" className="num">
                {t('money.total')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={`${row.day}:${row.asset}:${row.type}`}>
                <td className="nowrap">{row.day}</td>
                <td>{row.asset}</td>
                <td>{t(`money.types.${row.type}`)}</td>
                <td className="num">{row.count}</td>
                <td className={`num nowrap ${row.total.startsWith('-') ? 'amount--out' : 'amount--in'}`}>
                  {row.total.startsWith('-') ? row.total.replace('-', '−') : `+${row.total}`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {report.isPending && <p className="table-message">{t('table.loading')}</p>}
        {report.isSuccess && rows.length === 0 && <p className="table-message">{t('table.empty')}</p>}
      </div>
    </>
  );
}
