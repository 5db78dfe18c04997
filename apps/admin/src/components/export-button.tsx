import { useTranslation } from 'react-i18next';
import { csvFileName, downloadCsv, toCsv, type CsvColumn } from '../lib/csv';

type Props<Row> = { name: string; columns: readonly CsvColumn<Row>[]; rows: readonly Row[] };

/** Exports what the table shows: the rows loaded so far, with the filters applied. */
export function ExportButton<Row>({ name, columns, rows }: Props<Row>) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="button"
      disabled={rows.length === 0}
      title={t('table.export_hint', { count: rows.length })}
      onClick={() => downloadCsv(csvFileName(name), toCsv(columns, rows))}
    >
      {t('table.export_csv')}
    </button>
  );
}
