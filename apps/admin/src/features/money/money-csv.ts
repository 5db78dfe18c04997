import type { MoneyReportRow, OperatorDeposit, OperatorDepositReport, OperatorWithdrawal } from '@wallx/shared';
import { fieldColumns, type CsvColumn } from '../../lib/csv';

/** Amounts leave as the server's decimal strings: a spreadsheet reads them without rounding. */
export const withdrawalCsvColumns: readonly CsvColumn<OperatorWithdrawal>[] = [
  ...fieldColumns<OperatorWithdrawal>('id', 'created_at', 'user'),
  // A grant's payout has no user: its grant and partner say whose it is.
  { header: 'aid_grant', value: (w) => w.aid_grant?.id ?? null },
  { header: 'partner', value: (w) => w.aid_grant?.partner ?? null },
  ...fieldColumns<OperatorWithdrawal>(
    'asset',
    'amount',
    'fee',
    'status',
    'review_reason',
    'to_address',
    'tx_hash',
    'nonce',
    'failure_reason',
    'updated_at',
  ),
];

export const depositCsvColumns: readonly CsvColumn<OperatorDeposit>[] = fieldColumns<OperatorDeposit>(
  'id',
  'credited_at',
  'user',
  'asset',
  'amount',
  'from_address',
  'tx_hash',
  'log_index',
  'block_number',
);

export const depositReportCsvColumns: readonly CsvColumn<OperatorDepositReport>[] = fieldColumns<OperatorDepositReport>(
  'reported_at',
  'user',
  'asset',
  'tx_hash',
  'status',
  'confirmations',
  'reason',
  'checked_at',
);

export const reportCsvColumns: readonly CsvColumn<MoneyReportRow>[] = fieldColumns<MoneyReportRow>(
  'day',
  'asset',
  'type',
  'count',
  'total',
);
