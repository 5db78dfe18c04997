import { useTranslation } from 'react-i18next';
import { roleCan, type OperatorRole, type StakingPool } from '@wallx/shared';
import { DataTable } from '../../components/data-table';
import { Fact } from '../../components/fact';
import { AmountReasonFields, useAmountProposal } from '../../components/amount-proposal';
import { QueryError } from '../../components/table-footer';
import { useProposeStakingFunding, useStakingPool, useWaitingProposal } from './api/pool';
import { RecentDistributions } from './distributions-tab';
import { WaitingNote } from './waiting-note';

/** What the pool holds and what is staked in it, its last days' distributions and (for finance) adding to it. */
export function PoolTab({ role }: { role: OperatorRole }) {
  const { t } = useTranslation();
  const pool = useStakingPool();
  if (pool.isError) return <QueryError error={pool.error} retry={() => void pool.refetch()} />;
  if (!pool.data) return <p className="table-message">{t('table.loading')}</p>;
  const p = pool.data;
  return (
    <div className="staking__grid">
      <div className="staking__column">
        <section className="panel staking__panel" aria-labelledby="staking-pool-title">
          <h2 id="staking-pool-title">{t('staking.pool_title')}</h2>
          <dl className="facts">
            <Fact label={t('staking.balance', { asset: 'WALLX' })}>{p.pool.WALLX} WALLX</Fact>
            <Fact label={t('staking.balance', { asset: 'USDT' })}>{p.pool.USDT} USDT</Fact>
            <Fact label={t('staking.staked')}>
              {t('staking.staked_value', { amount: p.staked.amount, stakes: p.staked.stakes, users: p.staked.users })}
            </Fact>
            <Fact label={t('staking.last_day')}>{p.last_day ?? t('staking.never')}</Fact>
          </dl>
          <TermsTable terms={p.terms} />
        </section>
        <section className="panel staking__panel" aria-labelledby="staking-recent-title">
          <h2 id="staking-recent-title">{t('staking.recent_title')}</h2>
          <RecentDistributions rows={p.distributions} />
        </section>
      </div>
      <BudgetPanel funded={p.funded} canFund={roleCan(role, 'money')} />
    </div>
  );
}

function TermsTable({ terms }: { terms: StakingPool['terms'] }) {
  const { t } = useTranslation();
  return (
    <div className="table-scroll">
      <DataTable
        rows={terms}
        rowKey={(row) => row.term}
        compact
        columns={[
          { header: t('staking.term'), cell: (row) => t(`staking.term_${row.term}`) },
          { header: t('staking.amount'), num: true, cell: (row) => `${row.amount} WALLX` },
          { header: t('staking.stakes_count'), num: true, cell: (row) => row.stakes },
        ]}
      />
    </div>
  );
}

const fundingFields = ['amount', 'reason'] as const;

function BudgetPanel({ funded, canFund }: { funded: string; canFund: boolean }) {
  const { t } = useTranslation();
  const waiting = useWaitingProposal('staking_budget');
  const proposal = useAmountProposal({ amount: '', reason: '' }, fundingFields, useProposeStakingFunding(), () => {
    void waiting.refetch();
  });
  return (
    <section className="panel staking__panel" aria-labelledby="staking-budget-title">
      <h2 id="staking-budget-title">{t('staking.budget_title')}</h2>
      <dl className="facts">
        <Fact label={t('staking.funded')}>{funded} WALLX</Fact>
      </dl>
      {waiting.data && (
        <WaitingNote proposal={waiting.data}>
          {waiting.data.funding && (
            <p>{t('staking.funding_waiting', { amount: waiting.data.funding.amount, reason: waiting.data.reason })}</p>
          )}
        </WaitingNote>
      )}
      {canFund ? (
        <form className="staking__form" onSubmit={proposal.submit} noValidate aria-label={t('staking.fund_title')}>
          <h3>{t('staking.fund_title')}</h3>
          <p className="muted">{t('staking.fund_lead')}</p>
          <AmountReasonFields
            proposal={proposal}
            labels={{
              amount: t('staking.fund_amount'),
              reason: t('staking.reason'),
              proposed: t('staking.fund_proposed'),
              submit: t('staking.fund_submit'),
            }}
          />
        </form>
      ) : (
        <p className="muted">{t('staking.fund_read_only')}</p>
      )}
    </section>
  );
}
