import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  assets,
  roleCan,
  shortAddress,
  type Asset,
  type OperatorAidGrant,
  type OperatorRole,
  type Proposal,
} from '@wallx/shared';
import { AmountReasonFields, useAmountProposal } from '../../components/amount-proposal';
import { Field } from '../../components/form-parts';
import { PagedTable, timeColumn } from '../../components/paged-table';
import { formatTime } from '../../lib/format';
import { rowsOf } from '../../lib/paged-query';
import { useOperatorSession } from '../../lib/session-store';
import { useGrants, usePartners, useProposeGrant, useWaitingGrants } from './api/aid-fund';

const statusClass: Record<OperatorAidGrant['status'], string> = {
  queued: 'status status--warn',
  sending: 'status status--warn',
  paid: 'status status--ok',
  failed: 'status status--bad',
};

/** The grants out (partner, amount, state, the transaction once paid), those waiting for approval, and (for finance) proposing one. */
export function GrantsTab({ role }: { role: OperatorRole }) {
  const { t } = useTranslation();
  const grants = useGrants();
  return (
    <div className="aid-fund__grid">
      <div className="aid-fund__column">
        <PagedTable
          list={grants}
          rows={rowsOf(grants)}
          rowKey={(g) => g.id}
          empty={t('aid_fund.no_grants')}
          columns={[
            timeColumn(t('aid_fund.approved'), (g: OperatorAidGrant) => g.approved_at),
            { header: t('aid_fund.partner'), cell: (g) => <span title={g.to_address}>{g.partner}</span> },
            { header: t('aid_fund.amount'), num: true, className: 'nowrap', cell: (g) => `${g.amount} ${g.asset}` },
            {
              header: t('aid_fund.state'),
              className: 'nowrap',
              cell: (g) => <span className={statusClass[g.status]}>{t(`aid_fund.status_${g.status}`)}</span>,
            },
            timeColumn(t('aid_fund.paid_at'), (g: OperatorAidGrant) => g.paid_at),
            {
              header: t('aid_fund.tx'),
              cell: (g) =>
                g.tx_hash ? (
                  <code title={g.tx_hash}>{shortAddress(g.tx_hash, 16)}</code>
                ) : (
                  <span className="muted">—</span>
                ),
            },
          ]}
        />
      </div>
      <div className="aid-fund__column">
        <WaitingGrants />
        <ProposeGrant canPropose={roleCan(role, 'money')} />
      </div>
    </div>
  );
}

const waitingPath = '/money?tab=proposals&show=any&status=pending&about=aid_grant';

function WaitingGrants() {
  const { t } = useTranslation();
  const waiting = useWaitingGrants();
  const self = useOperatorSession().session?.operator.address;
  const items = waiting.data?.items ?? [];
  if (items.length === 0) return null;
  const by = (p: Proposal) => (p.proposed_by === self ? t('operators.you') : shortAddress(p.proposed_by, 12));
  return (
    <section className="notice notice--info aid-fund__waiting" aria-labelledby="aid-fund-waiting-title">
      <h2 id="aid-fund-waiting-title" className="aid-fund__heading">
        {t('aid_fund.waiting_title', { n: items.length })}
      </h2>
      {items.map((p) => (
        <p key={p.id}>
          {t('aid_fund.waiting_grant', {
            amount: p.aid_grant?.amount ?? '',
            asset: p.aid_grant?.asset ?? '',
            partner: p.aid_grant?.partner ?? '',
            by: by(p),
            at: formatTime(p.proposed_at),
          })}
        </p>
      ))}
      <p>
        <Link to={waitingPath}>{t('aid_fund.open_proposals')}</Link>
      </p>
    </section>
  );
}

type GrantValues = { partner_id: string; asset: Asset; amount: string; reason: string };
const grantFields = ['partner_id', 'asset', 'amount', 'reason'] as const;

function ProposeGrant({ canPropose }: { canPropose: boolean }) {
  const { t } = useTranslation();
  const partners = usePartners();
  const proposal = useAmountProposal<GrantValues, (typeof grantFields)[number]>(
    { partner_id: '', asset: 'USDT', amount: '', reason: '' },
    grantFields,
    useProposeGrant(),
  );
  const { form } = proposal;
  const active = (partners.data?.items ?? []).filter((p) => p.active);
  return (
    <section className="panel aid-fund__panel" aria-labelledby="aid-fund-propose-title">
      <h2 id="aid-fund-propose-title">{t('aid_fund.propose_title')}</h2>
      {!canPropose ? (
        <p className="muted">{t('aid_fund.propose_read_only')}</p>
      ) : (
        <form className="aid-fund__form" onSubmit={proposal.submit} noValidate aria-label={t('aid_fund.propose_title')}>
          <p className="muted">{t('aid_fund.propose_lead')}</p>
          <Field label={t('aid_fund.partner')} error={form.errors.partner_id}>
            <select
              className="input"
              name="partner_id"
              value={form.values.partner_id}
              aria-invalid={form.errors.partner_id ? true : undefined}
              onChange={(event) => form.set('partner_id', event.target.value)}
            >
              <option value="">{t('aid_fund.choose_partner')}</option>
              {active.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name} ({shortAddress(p.address, 10)})
                </option>
              ))}
            </select>
          </Field>
          <Field label={t('aid_fund.asset')} error={form.errors.asset}>
            <select
              className="input"
              name="asset"
              value={form.values.asset}
              onChange={(event) => form.set('asset', event.target.value as Asset)}
            >
              {assets.map((asset) => (
                <option key={asset} value={asset}>
                  {asset}
                </option>
              ))}
            </select>
          </Field>
          <AmountReasonFields
            proposal={proposal}
            labels={{
              amount: t('aid_fund.amount'),
              reason: t('aid_fund.reason'),
              proposed: t('aid_fund.grant_proposed'),
              submit: t('aid_fund.propose_submit'),
            }}
          />
        </form>
      )}
    </section>
  );
}
