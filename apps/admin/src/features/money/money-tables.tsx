import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  assets,
  depositStatuses,
  operatorWithdrawalStatuses,
  shortAddress,
  type OperatorDeposit,
  type OperatorDepositReport,
  type OperatorWithdrawal,
} from '@wallx/shared';
import { ExportButton } from '../../components/export-button';
import { FilterBar, type FilterField } from '../../components/filter-bar';
import { addressColumn, PagedTable, RowButton, timeColumn } from '../../components/paged-table';
import { formatTime } from '../../lib/format';
import { rowsOf } from '../../lib/paged-query';
import { useOperatorSession } from '../../lib/session-store';
import { useUrlFilters } from '../../lib/use-url-filters';
import { useDepositReports, useDeposits, useWithdrawalNow, useWithdrawals } from './api/withdrawals';
import { depositCsvColumns, depositReportCsvColumns, withdrawalCsvColumns } from './money-csv';
import { DepositReportStatus, WithdrawalStatus } from './money-status';
import { WithdrawalDetail } from './withdrawal-detail';

/** The server's filter: 'any' is sent as nothing (the client leaves out empty values); addresses go lower-cased. */
export const sent = (filters: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(filters).map(([name, value]) => [
      name,
      value === 'any' ? '' : name === 'user' ? value.toLowerCase() : value,
    ]),
  );

/** A select filter whose first choice, 'any', filters nothing (sent() leaves it out). */
export function selectOrAny<V extends string>(
  name: string,
  label: string,
  anyLabel: string,
  values: readonly V[],
  labelOf: (value: V) => string = (value) => value,
): FilterField {
  return {
    name,
    label,
    kind: 'select',
    options: [{ value: 'any', label: anyLabel }, ...values.map((value) => ({ value, label: labelOf(value) }))],
  };
}

function useAssetField(): FilterField {
  const { t } = useTranslation();
  return selectOrAny('asset', t('money.asset'), t('money.any'), assets);
}

/** A grant's payout has no user: the aid fund pays its partner (migration 041). */
export function GrantPayee({ withdrawal: w }: { withdrawal: OperatorWithdrawal }) {
  const { t } = useTranslation();
  return (
    <span className="nowrap">
      {t('money.grant_payee', { id: w.aid_grant?.id ?? '', partner: w.aid_grant?.partner ?? '' })}
    </span>
  );
}

export function WithdrawalsTable() {
  const { t } = useTranslation();
  const role = useOperatorSession().session?.operator.role ?? 'viewer';
  const [filters, apply] = useUrlFilters(['status', 'asset', 'user'], { status: 'pending_review', asset: 'any' });
  const list = useWithdrawals(sent(filters) as { status: string; asset: string; user: string });
  const [selected, setSelected] = useState<OperatorWithdrawal | null>(null);
  const items = rowsOf(list);
  // The panel follows the withdrawal as it stands now: a decision moves it to its next state, and
  // out of a list that shows only those awaiting review.
  const now = useWithdrawalNow(selected);
  const shown = selected ? (now.data ?? items.find((item) => item.id === selected.id) ?? selected) : null;
  const fields: FilterField[] = [
    selectOrAny('status', t('money.status'), t('money.any'), operatorWithdrawalStatuses, (s) => t(`money.status_${s}`)),
    useAssetField(),
    { name: 'user', label: t('money.user'), kind: 'text', placeholder: t('money.user_placeholder') },
  ];
  return (
    <>
      <div className="toolbar">
        <FilterBar
          key={JSON.stringify(filters)}
          fields={fields}
          value={filters}
          onApply={(next) => {
            setSelected(null);
            apply(next);
          }}
        />
        <ExportButton name="withdrawals" columns={withdrawalCsvColumns} rows={items} />
      </div>
      <div className={`split${shown ? ' split--open' : ''}`}>
        <PagedTable
          list={list}
          rows={items}
          rowKey={(w) => w.id}
          selectedKey={shown?.id ?? null}
          columns={[
            {
              header: t('money.requested'),
              className: 'nowrap',
              cell: (w) => (
                <RowButton link label={t('money.open_withdrawal', { id: w.id })} onClick={() => setSelected(w)}>
                  {formatTime(w.created_at)}
                </RowButton>
              ),
            },
            {
              header: t('money.user'),
              cell: (w: OperatorWithdrawal) =>
                w.user !== null ? (
                  <code title={w.user}>{shortAddress(w.user, 12)}</code>
                ) : (
                  <GrantPayee withdrawal={w} />
                ),
            },
            { header: t('money.amount'), num: true, className: 'nowrap', cell: (w) => `${w.amount} ${w.asset}` },
            { header: t('money.fee'), num: true, className: 'nowrap', cell: (w) => w.fee },
            {
              header: t('money.status'),
              className: 'nowrap',
              cell: (w) => (
                <>
                  <WithdrawalStatus status={w.status} />{' '}
                  {w.is_stuck && (
                    <span className="status status--bad" title={t('money.stuck_hint')}>
                      {t('money.stuck')}
                    </span>
                  )}
                </>
              ),
            },
            {
              header: t('money.reason'),
              cell: (w) => (w.review_reason ? t(`money.reason_${w.review_reason}`) : <span className="muted">—</span>),
            },
          ]}
        />
        {shown && <WithdrawalDetail key={shown.id} withdrawal={shown} role={role} onClose={() => setSelected(null)} />}
      </div>
    </>
  );
}

export function DepositsTable() {
  const { t } = useTranslation();
  const [filters, apply] = useUrlFilters(['asset', 'user'], { asset: 'any' });
  const list = useDeposits(sent(filters) as { asset: string; user: string });
  const items = rowsOf(list);
  const fields: FilterField[] = [
    useAssetField(),
    { name: 'user', label: t('money.user'), kind: 'text', placeholder: t('money.user_placeholder') },
  ];
  return (
    <>
      <div className="toolbar">
        <FilterBar key={JSON.stringify(filters)} fields={fields} value={filters} onApply={apply} />
        <ExportButton name="deposits" columns={depositCsvColumns} rows={items} />
      </div>
      <PagedTable
        list={list}
        rows={items}
        rowKey={(d) => d.id}
        columns={[
          timeColumn(t('money.credited'), (d: OperatorDeposit) => d.credited_at),
          addressColumn(t('money.user'), (d: OperatorDeposit) => d.user),
          { header: t('money.amount'), num: true, className: 'nowrap', cell: (d) => `${d.amount} ${d.asset}` },
          addressColumn(t('money.from'), (d: OperatorDeposit) => d.from_address),
          {
            header: t('money.tx'),
            cell: (d) => <code title={`${d.tx_hash} #${d.log_index}`}>{shortAddress(d.tx_hash, 16)}</code>,
          },
          { header: t('money.block'), num: true, cell: (d) => d.block_number },
        ]}
      />
    </>
  );
}

export function DepositReportsTable() {
  const { t } = useTranslation();
  const [filters, apply] = useUrlFilters(['status'], { status: 'any' });
  const list = useDepositReports(sent(filters) as { status: string });
  const items = rowsOf(list);
  const fields: FilterField[] = [
    selectOrAny('status', t('money.status'), t('money.any'), depositStatuses, (s) => t(`money.deposit_${s}`)),
  ];
  return (
    <>
      <div className="toolbar">
        <FilterBar key={JSON.stringify(filters)} fields={fields} value={filters} onApply={apply} />
        <ExportButton name="deposit-reports" columns={depositReportCsvColumns} rows={items} />
      </div>
      <PagedTable
        list={list}
        rows={items}
        rowKey={(r) => `${r.user}:${r.tx_hash}`}
        columns={[
          timeColumn(t('money.reported'), (r: OperatorDepositReport) => r.reported_at),
          addressColumn(t('money.user'), (r: OperatorDepositReport) => r.user),
          { header: t('money.asset'), cell: (r) => r.asset },
          { header: t('money.tx'), cell: (r) => <code title={r.tx_hash}>{shortAddress(r.tx_hash, 16)}</code> },
          { header: t('money.status'), cell: (r) => <DepositReportStatus status={r.status} /> },
          { header: t('money.confirmations'), num: true, cell: (r) => r.confirmations },
          {
            header: t('money.failure'),
            className: 'message-text',
            cell: (r) => r.reason ?? <span className="muted">—</span>,
          },
          timeColumn(t('money.checked'), (r: OperatorDepositReport) => r.checked_at),
        ]}
      />
    </>
  );
}
