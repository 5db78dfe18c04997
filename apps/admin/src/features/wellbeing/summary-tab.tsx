import { useTranslation } from 'react-i18next';
import { roleCan, type OperatorRole, type WellbeingSummary } from '@wallx/shared';
import { DataTable } from '../../components/data-table';
import { DayRangeFilter, useDayRange } from '../../components/day-range';
import { Fact } from '../../components/fact';
import { AmountReasonFields, useAmountProposal } from '../../components/amount-proposal';
import { QueryError } from '../../components/table-footer';
import { useWaitingProposal } from './api/settings';
import { useProposeFunding, useWellbeingSummary } from './api/summary';
import { CheckinChart } from './checkin-chart';
import { WaitingNote } from './waiting-note';

/** The aggregates (never one person's check-in), the rewards budget and, for finance, adding to it. */
export function SummaryTab({ role }: { role: OperatorRole }) {
  const { t } = useTranslation();
  // No range in the address: the server picks the last 7 days up to today in the check-in zone.
  const range = useDayRange('summary');
  const summary = useWellbeingSummary(range.asked);
  const shown = range.shown(summary.data);

  return (
    <>
      <p className="page__lead tab-lead">
        {t('wellbeing.summary_lead', { zone: summary.data?.time_zone ?? '…', min: summary.data?.min_people ?? 20 })}
      </p>
      <div className="toolbar">
        <DayRangeFilter
          shown={shown}
          labels={{ from: t('wellbeing.range_from'), to: t('wellbeing.range_to'), show: t('wellbeing.show') }}
          onEdit={range.edit}
          onSubmit={() => range.apply(shown)}
        />
      </div>
      {summary.isError && <QueryError error={summary.error} retry={() => void summary.refetch()} />}
      {summary.isPending && <p className="table-message">{t('table.loading')}</p>}
      {summary.data && (
        <div className="wellbeing__grid">
          <section className="panel wellbeing__panel" aria-labelledby="wellbeing-days-title">
            <h2 id="wellbeing-days-title">{t('wellbeing.days_title')}</h2>
            <CheckinChart summary={summary.data} />
            <DaysTable summary={summary.data} />
          </section>
          <BudgetPanel budget={summary.data.budget} canFund={roleCan(role, 'money')} />
        </div>
      )}
    </>
  );
}

/** Every figure of the chart as text, newest day first. */
function DaysTable({ summary }: { summary: WellbeingSummary }) {
  const { t } = useTranslation();
  const hidden = <span className="muted">{t('wellbeing.fewer_than', { min: summary.min_people })}</span>;
  return (
    <div className="table-scroll">
      <DataTable
        rows={summary.days}
        rowKey={(row) => row.day}
        compact
        columns={[
          { header: t('wellbeing.day'), className: 'nowrap', cell: (row) => row.day },
          {
            header: t('wellbeing.checkins'),
            num: true,
            cell: (row) => (row.checkins === null ? hidden : row.checkins),
          },
          {
            header: t('wellbeing.average_mood'),
            num: true,
            cell: (row) => row.average_mood ?? (row.checkins === null ? hidden : '—'),
          },
          { header: t('wellbeing.rewards_paid'), num: true, cell: (row) => row.rewards_paid },
        ]}
      />
    </div>
  );
}

const fundingFields = ['amount', 'reason'] as const;

function BudgetPanel({ budget, canFund }: { budget: WellbeingSummary['budget']; canFund: boolean }) {
  const { t } = useTranslation();
  const waiting = useWaitingProposal('rewards_budget');
  const proposal = useAmountProposal({ amount: '', reason: '' }, fundingFields, useProposeFunding(), () => {
    void waiting.refetch();
  });
  return (
    <section className="panel wellbeing__panel" aria-labelledby="wellbeing-budget-title">
      <h2 id="wellbeing-budget-title">{t('wellbeing.budget_title')}</h2>
      <dl className="facts">
        <Fact label={t('wellbeing.budget_balance')}>{budget.balance} WALLX</Fact>
        <Fact label={t('wellbeing.budget_funded')}>{budget.funded} WALLX</Fact>
        <Fact label={t('wellbeing.budget_paid')}>{budget.paid} WALLX</Fact>
      </dl>
      {waiting.data && (
        <WaitingNote proposal={waiting.data}>
          {waiting.data.funding && (
            <p>
              {t('wellbeing.funding_waiting', { amount: waiting.data.funding.amount, reason: waiting.data.reason })}
            </p>
          )}
        </WaitingNote>
      )}
      {canFund ? (
        <form className="wellbeing__form" onSubmit={proposal.submit} noValidate aria-label={t('wellbeing.fund_title')}>
          <h3>{t('wellbeing.fund_title')}</h3>
          <p className="muted">{t('wellbeing.fund_lead')}</p>
          <AmountReasonFields
            proposal={proposal}
            labels={{
              amount: t('wellbeing.fund_amount'),
              reason: t('wellbeing.fund_reason'),
              proposed: t('wellbeing.fund_proposed'),
              submit: t('wellbeing.fund_submit'),
            }}
          />
        </form>
      ) : (
        <p className="muted">{t('wellbeing.fund_read_only')}</p>
      )}
    </section>
  );
}
