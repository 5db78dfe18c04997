/** One column of an export: its heading and how a row gives its cell. */
export type CsvColumn<Row> = { header: string; value: (row: Row) => unknown };

/** Columns that are the row's own fields as the API names them, each headed by its name. */
export const fieldColumns = <Row>(...fields: Array<keyof Row & string>): CsvColumn<Row>[] =>
  fields.map((field) => ({ header: field, value: (row) => row[field] }));

// A spreadsheet runs a cell starting with one of these as a formula (OWASP "CSV injection"): a user's
// feedback title '=HYPERLINK(…)' must stay text in the operator's spreadsheet.
const formulaStart = /^[=+\-@\t\r]/;
// A plain signed number (a report's net change, -30.5) is data a spreadsheet should read as a number.
const plainNumber = /^-?\d+(\.\d+)?$/;

function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value);
}

/** One cell: formula-looking text prefixed with a quote, then quoted (RFC 4180) when it holds a comma, quote or line break. */
export function csvCell(value: unknown): string {
  let text = textOf(value);
  if (formulaStart.test(text) && !plainNumber.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The table as CSV: CRLF line ends (RFC 4180), a BOM first so that spreadsheets read UTF-8 (Chinese names) as such. */
export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  const lines = [
    columns.map((column) => csvCell(column.header)),
    ...rows.map((row) => columns.map((column) => csvCell(column.value(row)))),
  ];
  return `\uFEFF${lines.map((cells) => cells.join(',')).join('\r\n')}\r\n`;
}

/** `audit-2026-11-24-0930.csv`: what the file holds and when it was taken, in the operator's local time. */
export function csvFileName(what: string, at: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${what}-${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}-${pad(at.getHours())}${pad(at.getMinutes())}.csv`;
}

/** Hands the CSV to the browser as a download; nothing leaves the machine. */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled; revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
