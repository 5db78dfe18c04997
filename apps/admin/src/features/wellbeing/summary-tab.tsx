import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { roleCan, type OperatorRole, type WellbeingSummary } from '@wallx/shared';
import { DataTable } from '../../components/data-table';
import { Fact } from '../../components/fact';
import { DoneNotice, Field, SubmitButton } from '../../components/form-parts';
import { QueryError } from '../../components/table-footer';
import { useForm } from '../../lib/use-form';
import { useWaitingProposal } from './api/settings';
import { useProposeFunding, useWellbeingSummary } from './api/summary';
import { CheckinChart } from './checkin-chart';
import { WaitingNote } from './waiting-note';

type Range = { from?: string; to?: string };

/** The aggregates (never one person's check-in), the rewards budget and, for finance, adding to it. */
export function SummaryTab({ role }: { role: OperatorRole }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  // No range in the address: the server picks the last 7 days up to today in the check-in zone.
  const asked: Range =
    params.has('from') && params.has('to') ? { from: params.get('from')!, to: params.get('to')! } : {};
  const summary = useWellbeingSummary(asked);
  const [edits, setEdits] = useState<Range>({});
  const shown = {
    from: edits.from ?? asked.from ?? summary.data?.from ?? '',
    to: edits.to ?? asked.to ?? summary.data?.to ?? '',
  };
  function submit(event: FormEvent) {
    event.preventDefault();
    setEdits({});
    setParams({ tab: 'summary', from: shown.from, to: shown.to });
  }

  return (
    <>
      <p className="page__lead tab-lead">
        {t('wellbeing.summary_lead', { zone: summary.data?.time_zone ?? '…', min: summary.data?.min_people ?? 20 })}
      </p>
      <div className="toolbar">
        <form className="filters" onSubmit={submit} aria-label={t('table.filters')} noValidate>
          {(['from', 'to'] as const).map((end) => (
            <Field key={end} label={t(`wellbeing.range_${end}`)}>
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
              {t('wellbeing.show')}
            </button>
          </div>
        </form>
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

type FundingValues = { amount: string; reason: string };
const fundingFields = ['amount', 'reason'] as const;

function BudgetPanel({ budget, canFund }: { budget: WellbeingSummary['budget']; canFund: boolean }) {
  const { t } = useTranslation();
  const waiting = useWaitingProposal('rewards_budget');
  const fund = useProposeFunding();
  const [isProposed, setProposed] = useState(false);
  const form = useForm<FundingValues, (typeof fundingFields)[number]>({
    initial: { amount: '', reason: '' },
    fields: fundingFields,
  });
  const submit = form.onSubmit((values) => {
    setProposed(false);
    fund.mutate(values, {
      onSuccess: () => {
        form.reset();
        setProposed(true);
        void waiting.refetch();
      },
      onError: (error) => form.refuseWith(error),
    });
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
        <form className="wellbeing__form" onSubmit={submit} noValidate aria-label={t('wellbeing.fund_title')}>
          <h3>{t('wellbeing.fund_title')}</h3>
          <p className="muted">{t('wellbeing.fund_lead')}</p>
          <Field label={t('wellbeing.fund_amount')} error={form.errors.amount}>
            <input
              className="input"
              name="amount"
              inputMode="decimal"
              value={form.values.amount}
              aria-invalid={form.errors.amount ? true : undefined}
              onChange={(event) => form.set('amount', event.target.value.trim())}
            />
          </Field>
          <Field label={t('wellbeing.fund_reason')} error={form.errors.reason}>
            <input
              className="input"
              name="reason"
              value={form.values.reason}
              maxLength={500}
              aria-invalid={form.errors.reason ? true : undefined}
              onChange={(event) => form.set('reason', event.target.value)}
            />
          </Field>
          {form.errors.form && (
            <p className="notice notice--error" role="alert">
              {form.errors.form}
            </p>
          )}
          {isProposed && <DoneNotice>{t('wellbeing.fund_proposed')}</DoneNotice>}
          <div className="filters__buttons">
            <SubmitButton busy={fund.isPending}>{t('wellbeing.fund_submit')}</SubmitButton>
          </div>
        </form>
      ) : (
        <p className="muted">{t('wellbeing.fund_read_only')}</p>
      )}
    </section>
  );
}
