import { useState, type ReactNode } from 'react';
import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  assets,
  depositStatuses,
  operatorWithdrawalStatuses,
  proposalStatuses,
  roleCan,
  shortAddress,
  type OperatorWithdrawal,
} from '@wallx/shared';
import { ExportButton } from '../../components/export-button';
import { QueryError, TableFooter } from '../../components/table-footer';
import { formatTime } from '../../lib/format';
import { useOperatorSession } from '../../lib/session-store';
import { useProposals, useProposalStep, type ProposalFilters } from './api/proposals';
import { useDepositReports, useDeposits, useWithdrawals } from './api/withdrawals';
import { depositCsvColumns, depositReportCsvColumns, withdrawalCsvColumns } from './money-csv';
import { MoneyFilters, type FilterField } from './money-filters';
import { DepositReportStatus, WithdrawalStatus } from './money-status';
import { proposalKindLabel } from './proposal-labels';
import { WithdrawalDetail } from './withdrawal-detail';

/** The filter values in the address (so a view can be reloaded or passed on); `defaults` fill the missing ones. */
function useUrlFilters(names: string[], defaults: Record<string, string> = {}) {
  const [params, setParams] = useSearchParams();
  const value = Object.fromEntries(names.map((name) => [name, params.get(name) ?? defaults[name] ?? '']));
  const apply = (next: Record<string, string>) =>
    setParams((current) => {
      const out = new URLSearchParams();
      const view = current.get('view');
      if (view) out.set('view', view);
      for (const name of names) if (next[name] !== (defaults[name] ?? '')) out.set(name, next[name] ?? '');
      return out;
    });
  return [value, apply] as const;
}

/** The server's filter: 'any' is sent as nothing (the client leaves out empty values); addresses go lower-cased. */
const sent = (filters: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(filters).map(([name, value]) => [
      name,
      value === 'any' ? '' : name === 'user' ? value.toLowerCase() : value,
    ]),
  );

function TableShell({
  query,
  count,
  children,
}: {
  query: UseInfiniteQueryResult<unknown>;
  count: number;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="panel table-panel">
      {query.isError && <QueryError error={query.error} retry={() => void query.refetch()} />}
      {children}
      {query.isPending && <p className="table-message">{t('table.loading')}</p>}
      {query.isSuccess && count === 0 && <p className="table-message">{t('table.empty')}</p>}
      <TableFooter
        count={count}
        hasNextPage={query.hasNextPage}
        isFetchingNextPage={query.isFetchingNextPage}
        fetchNextPage={() => void query.fetchNextPage()}
      />
    </div>
  );
}

function useAssetField(): FilterField {
  const { t } = useTranslation();
  return {
    name: 'asset',
    label: t('money.asset'),
    kind: 'select',
    options: [{ value: 'any', label: t('money.any') }, ...assets.map((asset) => ({ value: asset, label: asset }))],
  };
}

export function WithdrawalsTable() {
  const { t } = useTranslation();
  const role = useOperatorSession().session?.operator.role ?? 'viewer';
  const [filters, apply] = useUrlFilters(['status', 'asset', 'user'], { status: 'pending_review', asset: 'any' });
  const list = useWithdrawals(sent(filters) as { status: string; asset: string; user: string });
  const [selected, setSelected] = useState<OperatorWithdrawal | null>(null);
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  // The panel follows the row as the list refreshes (a decision moves it to its next state).
  const shown = selected ? (items.find((item) => item.id === selected.id) ?? selected) : null;
  const fields: FilterField[] = [
    {
      name: 'status',
      label: t('money.status'),
      kind: 'select',
      options: [
        { value: 'any', label: t('money.any') },
        ...operatorWithdrawalStatuses.map((s) => ({ value: s, label: t(`money.status_${s}`) })),
      ],
    },
    useAssetField(),
    { name: 'user', label: t('money.user'), kind: 'text', placeholder: t('money.user_placeholder') },
  ];
  return (
    <>
      <div className="toolbar">
        <MoneyFilters
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
        <TableShell query={list} count={items.length}>
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t('money.requested')}</th>
                <th scope="col">{t('money.user')}</th>
                <th scope="col" className="num">
                  {t('money.amount')}
                </th>
                <th scope="col" className="num">
                  {t('money.fee')}
                </th>
                <th scope="col">{t('money.status')}</th>
                <th scope="col">{t('money.reason')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((w) => (
                <tr
                  key={w.id}
                  aria-selected={w.id === shown?.id}
                  className={w.id === shown?.id ? 'is-selected' : undefined}
                >
                  <td className="nowrap">
                    <button
                      type="button"
                      className="link-button"
                      aria-label={t('money.open_withdrawal', { id: w.id })}
                      onClick={() => setSelected(w)}
                    >
                      {formatTime(w.created_at)}
                    </button>
                  </td>
                  <td>
                    <code title={w.user}>{shortAddress(w.user, 12)}</code>
                  </td>
                  <td className="num nowrap">
                    {w.amount} {w.asset}
                  </td>
                  <td className="num nowrap">{w.fee}</td>
                  <td className="nowrap">
                    <WithdrawalStatus status={w.status} />{' '}
                    {w.is_stuck && (
                      <span className="status status--bad" title={t('money.stuck_hint')}>
                        {t('money.stuck')}
                      </span>
                    )}
                  </td>
                  <td>{w.review_reason ? t(`money.reason_${w.review_reason}`) : <span className="muted">—</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableShell>
        {shown && <WithdrawalDetail withdrawal={shown} role={role} onClose={() => setSelected(null)} />}
      </div>
    </>
  );
}

export function DepositsTable() {
  const { t } = useTranslation();
  const [filters, apply] = useUrlFilters(['asset', 'user'], { asset: 'any' });
  const list = useDeposits(sent(filters) as { asset: string; user: string });
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const fields: FilterField[] = [
    useAssetField(),
    { name: 'user', label: t('money.user'), kind: 'text', placeholder: t('money.user_placeholder') },
  ];
  return (
    <>
      <div className="toolbar">
        <MoneyFilters key={JSON.stringify(filters)} fields={fields} value={filters} onApply={apply} />
        <ExportButton name="deposits" columns={depositCsvColumns} rows={items} />
      </div>
      <TableShell query={list} count={items.length}>
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('money.credited')}</th>
              <th scope="col">{t('money.user')}</th>
              <th scope="col" className="num">
                {t('money.amount')}
              </th>
              <th scope="col">{t('money.from')}</th>
              <th scope="col">{t('money.tx')}</th>
              <th scope="col" className="num">
                {t('money.block')}
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((d) => (
              <tr key={d.id}>
                <td className="nowrap">{formatTime(d.credited_at)}</td>
                <td>
                  <code title={d.user}>{shortAddress(d.user, 12)}</code>
                </td>
                <td className="num nowrap">
                  {d.amount} {d.asset}
                </td>
                <td>
                  <code title={d.from_address}>{shortAddress(d.from_address, 12)}</code>
                </td>
                <td>
                  <code title={`${d.tx_hash} #${d.log_index}`}>{shortAddress(d.tx_hash, 16)}</code>
                </td>
                <td className="num">{d.block_number}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableShell>
    </>
  );
}

export function DepositReportsTable() {
  const { t } = useTranslation();
  const [filters, apply] = useUrlFilters(['status'], { status: 'any' });
  const list = useDepositReports(sent(filters) as { status: string });
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const fields: FilterField[] = [
    {
      name: 'status',
      label: t('money.status'),
      kind: 'select',
      options: [
        { value: 'any', label: t('money.any') },
        ...depositStatuses.map((s) => ({ value: s, label: t(`money.deposit_${s}`) })),
      ],
    },
  ];
  return (
    <>
      <div className="toolbar">
        <MoneyFilters key={JSON.stringify(filters)} fields={fields} value={filters} onApply={apply} />
        <ExportButton name="deposit-reports" columns={depositReportCsvColumns} rows={items} />
      </div>
      <TableShell query={list} count={items.length}>
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('money.reported')}</th>
              <th scope="col">{t('money.user')}</th>
              <th scope="col">{t('money.asset')}</th>
              <th scope="col">{t('money.tx')}</th>
              <th scope="col">{t('money.status')}</th>
              <th scope="col" className="num">
                {t('money.confirmations')}
              </th>
              <th scope="col">{t('money.failure')}</th>
              <th scope="col">{t('money.checked')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((r) => (
              <tr key={`${r.user}:${r.tx_hash}`}>
                <td className="nowrap">{formatTime(r.reported_at)}</td>
                <td>
                  <code title={r.user}>{shortAddress(r.user, 12)}</code>
                </td>
                <td>{r.asset}</td>
                <td>
                  <code title={r.tx_hash}>{shortAddress(r.tx_hash, 16)}</code>
                </td>
                <td>
                  <DepositReportStatus status={r.status} />
                </td>
                <td className="num">{r.confirmations}</td>
                <td className="message-text">{r.reason ?? <span className="muted">—</span>}</td>
                <td className="nowrap">{formatTime(r.checked_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableShell>
    </>
  );
}

/** Proposals (four eyes): by default those waiting for me; each one approved by someone other than its proposer. */
export function ProposalsTable() {
  const { t } = useTranslation();
  const session = useOperatorSession().session;
  const self = session?.operator.address ?? '';
  const mayDecide = roleCan(session?.operator.role ?? 'viewer', 'money');
  const [filters, apply] = useUrlFilters(['show', 'status'], { show: 'to_approve', status: 'any' });
  const list = useProposals(sent({ view: filters.show ?? '', status: filters.status ?? '' }) as ProposalFilters);
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const step = useProposalStep();
  const fields: FilterField[] = [
    {
      name: 'show',
      label: t('money.proposals_view'),
      kind: 'select',
      options: [
        { value: 'to_approve', label: t('money.proposals_to_approve') },
        { value: 'mine', label: t('money.proposals_mine') },
        { value: 'any', label: t('money.proposals_all') },
      ],
    },
    {
      name: 'status',
      label: t('money.status'),
      kind: 'select',
      options: [
        { value: 'any', label: t('money.any') },
        ...proposalStatuses.map((s) => ({ value: s, label: t(`money.proposal_status_${s}`) })),
      ],
    },
  ];
  return (
    <>
      <div className="toolbar">
        <MoneyFilters key={JSON.stringify(filters)} fields={fields} value={filters} onApply={apply} />
      </div>
      <p className="muted">{t('money.four_eyes')}</p>
      {step.error && (
        <p className="notice notice--error" role="alert">
          {step.error.message}
        </p>
      )}
      <TableShell query={list} count={items.length}>
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('money.proposed_at')}</th>
              <th scope="col">{t('money.proposal_kind')}</th>
              <th scope="col">{t('money.user')}</th>
              <th scope="col" className="num">
                {t('money.amount')}
              </th>
              <th scope="col">{t('money.decision_reason')}</th>
              <th scope="col">{t('money.proposed_by')}</th>
              <th scope="col">{t('money.status')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('markets.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((p) => {
              const isMine = p.proposed_by === self;
              return (
                <tr key={p.id}>
                  <td className="nowrap">{formatTime(p.proposed_at)}</td>
                  <td>
                    {t(proposalKindLabel[p.kind])} <span className="cell-note">#{p.subject_id}</span>
                  </td>
                  <td>
                    <code title={p.subject.user}>{shortAddress(p.subject.user, 12)}</code>
                  </td>
                  <td className="num nowrap">
                    {p.subject.amount} {p.subject.asset}
                  </td>
                  <td className="message-text">{p.reason}</td>
                  <td>
                    <code title={p.proposed_by}>{shortAddress(p.proposed_by, 12)}</code>
                    {isMine && <span className="cell-note">{t('operators.you')}</span>}
                  </td>
                  <td className="nowrap">{t(`money.proposal_status_${p.status}`)}</td>
                  <td className="table__actions">
                    {p.status === 'pending' && mayDecide && (
                      <>
                        {!isMine && (
                          <button
                            type="button"
                            className="button button--small button--primary"
                            disabled={step.isPending}
                            aria-label={t('money.approve_proposal_of', { id: p.id })}
                            onClick={() => step.mutate({ kind: 'approve', id: p.id })}
                          >
                            {t('money.approve_proposal')}
                          </button>
                        )}
                        <button
                          type="button"
                          className="button button--small"
                          disabled={step.isPending}
                          aria-label={t('money.withdraw_proposal_of', { id: p.id })}
                          onClick={() => step.mutate({ kind: 'withdraw', id: p.id })}
                        >
                          {t('money.withdraw_proposal')}
                        </button>
                      </>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableShell>
    </>
  );
}
