import type { MoneyReportRow, OperatorDeposit, OperatorDepositReport, OperatorWithdrawal } from '@wallx/shared';
import type { CsvColumn } from '../../lib/csv';

/** Amounts leave as the server's decimal strings: a spreadsheet reads them without rounding. */
export const withdrawalCsvColumns: readonly CsvColumn<OperatorWithdrawal>[] = [
  { header: 'id', value: (w) => w.id },
  { header: 'created_at', value: (w) => w.created_at },
  { header: 'user', value: (w) => w.user },
  { header: 'asset', value: (w) => w.asset },
  { header: 'amount', value: (w) => w.amount },
  { header: 'fee', value: (w) => w.fee },
  { header: 'status', value: (w) => w.status },
  { header: 'review_reason', value: (w) => w.review_reason },
  { header: 'to_address', value: (w) => w.to_address },
  { header: 'tx_hash', value: (w) => w.tx_hash },
  { header: 'nonce', value: (w) => w.nonce },
  { header: 'failure_reason', value: (w) => w.failure_reason },
  { header: 'updated_at', value: (w) => w.updated_at },
];

export const depositCsvColumns: readonly CsvColumn<OperatorDeposit>[] = [
  { header: 'id', value: (d) => d.id },
  { header: 'credited_at', value: (d) => d.credited_at },
  { header: 'user', value: (d) => d.user },
  { header: 'asset', value: (d) => d.asset },
  { header: 'amount', value: (d) => d.amount },
  { header: 'from_address', value: (d) => d.from_address },
  { header: 'tx_hash', value: (d) => d.tx_hash },
  { header: 'log_index', value: (d) => String(d.log_index) },
  { header: 'block_number', value: (d) => d.block_number },
];

export const depositReportCsvColumns: readonly CsvColumn<OperatorDepositReport>[] = [
  { header: 'reported_at', value: (r) => r.reported_at },
  { header: 'user', value: (r) => r.user },
  { header: 'asset', value: (r) => r.asset },
  { header: 'tx_hash', value: (r) => r.tx_hash },
  { header: 'status', value: (r) => r.status },
  { header: 'confirmations', value: (r) => String(r.confirmations) },
  { header: 'reason', value: (r) => r.reason },
  { header: 'checked_at', value: (r) => r.checked_at },
];

export const reportCsvColumns: readonly CsvColumn<MoneyReportRow>[] = [
  { header: 'day', value: (r) => r.day },
  { header: 'asset', value: (r) => r.asset },
  { header: 'type', value: (r) => r.type },
  { header: 'count', value: (r) => String(r.count) },
  { header: 'total', value: (r) => r.total },
];
