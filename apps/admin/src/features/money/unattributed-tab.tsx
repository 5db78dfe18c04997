import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { roleCan, shortAddress, WITHDRAWAL_REVIEW_NOTE_MAX, type UnattributedDeposit } from '@wallx/shared';
import { DetailPanel } from '../../components/detail-panel';
import { addressColumn, PagedTable, RowButton, timeColumn } from '../../components/paged-table';
import { rowsOf } from '../../lib/paged-query';
import { useOperatorSession } from '../../lib/session-store';
import { useForm } from '../../lib/use-form';
import { useProposalStep, useUnattributedDeposits } from './api/proposals';
import { creditProblems, type CreditValues } from './form-rules';
import { ErrorNotice, Field, SubmitButton } from '../../components/form-parts';
import { Fact } from '../../components/fact';

/**
 * Transfers no user sent (decision 81): open ones first. Finance checks who sent one, then proposes
 * crediting it to that user; another finance operator approves it under Proposals.
 */
export function UnattributedTab() {
  const { t } = useTranslation();
  const role = useOperatorSession().session?.operator.role ?? 'viewer';
  const [status, setStatus] = useState<'open' | 'credited' | ''>('open');
  const list = useUnattributedDeposits({ status, asset: '' });
  const items = rowsOf(list);
  const [selected, setSelected] = useState<UnattributedDeposit | null>(null);
  return (
    <>
      <p className="muted">{t('money.unattributed_lead')}</p>
      <div className="toolbar">
        <Field label={t('money.status')}>
          <select className="input" value={status} onChange={(event) => setStatus(event.target.value as typeof status)}>
            <option value="open">{t('money.deposit_open')}</option>
            <option value="credited">{t('money.deposit_credited')}</option>
            <option value="">{t('money.any')}</option>
          </select>
        </Field>
      </div>
      <div className={`split${selected ? ' split--open' : ''}`}>
        <PagedTable
          list={list}
          rows={items}
          rowKey={(d) => d.id}
          selectedKey={selected?.id ?? null}
          columns={[
            timeColumn(t('money.found'), (d: UnattributedDeposit) => d.found_at),
            { header: t('money.amount'), num: true, className: 'nowrap', cell: (d) => `${d.amount} ${d.asset}` },
            addressColumn(t('money.from'), (d: UnattributedDeposit) => d.from_address),
            {
              header: t('money.tx'),
              cell: (d) => <code title={`${d.tx_hash} #${d.log_index}`}>{shortAddress(d.tx_hash, 16)}</code>,
            },
            {
              header: t('money.status'),
              cell: (d) =>
                d.status === 'open' ? (
                  <span className="status status--warn">{t('money.deposit_open')}</span>
                ) : (
                  <>
                    {t('money.deposit_credited')}{' '}
                    <code title={d.credited_to ?? ''}>{shortAddress(d.credited_to ?? '', 12)}</code>
                  </>
                ),
            },
            {
              header: t('markets.actions'),
              hideHeader: true,
              className: 'table__actions',
              cell: (d) =>
                d.status === 'open' &&
                roleCan(role, 'money') && (
                  <RowButton label={t('money.propose_credit_of', { id: d.id })} onClick={() => setSelected(d)}>
                    {t('money.propose_credit')}
                  </RowButton>
                ),
            },
          ]}
        />
        {selected && (
          <DetailPanel title={t('money.credit_title', { id: selected.id })} onClose={() => setSelected(null)}>
            <CreditForm key={selected.id} deposit={selected} />
          </DetailPanel>
        )}
      </div>
    </>
  );
}

function CreditForm({ deposit: d }: { deposit: UnattributedDeposit }) {
  const { t } = useTranslation();
  const id = useId();
  const form = useForm<CreditValues, 'user' | 'reason'>({
    initial: { user: '', reason: '' },
    fields: ['user', 'reason'],
    validate: creditProblems,
  });
  const { user, reason } = form.values;
  const errors = form.errors;
  const [done, setDone] = useState(false);
  const step = useProposalStep();

  const submit = form.onSubmit((values) =>
    step.mutate(
      {
        kind: 'propose',
        request: {
          kind: 'deposit.credit',
          subject_id: d.id,
          user: values.user.trim().toLowerCase(),
          reason: values.reason.trim(),
        },
      },
      { onSuccess: () => setDone(true), onError: form.refuseWith },
    ),
  );

  if (done) {
    return (
      <p className="notice notice--success" role="status">
        {t('money.proposed_notice')}
      </p>
    );
  }
  return (
    <form className="form" onSubmit={submit} noValidate>
      <dl className="facts">
        <Fact label={t('money.amount')}>
          {d.amount} {d.asset}
        </Fact>
        <Fact label={t('money.from')} code={d.from_address} />
        <Fact label={t('money.tx')}>
          <code>
            {d.tx_hash} #{d.log_index}
          </code>
        </Fact>
      </dl>
      <div className="field">
        <label htmlFor={`${id}-user`} className="field__label">
          {t('money.credit_user')}
        </label>
        <input
          id={`${id}-user`}
          className="input"
          value={user}
          placeholder="0x…"
          spellCheck={false}
          autoComplete="off"
          aria-invalid={errors.user ? true : undefined}
          onChange={(event) => form.set('user', event.target.value)}
        />
        {errors.user && (
          <p className="field__error" role="alert">
            {errors.user}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor={`${id}-reason`} className="field__label">
          {t('money.decision_reason')}
        </label>
        <textarea
          id={`${id}-reason`}
          className="input textarea"
          rows={3}
          value={reason}
          maxLength={WITHDRAWAL_REVIEW_NOTE_MAX}
          aria-invalid={errors.reason ? true : undefined}
          onChange={(event) => form.set('reason', event.target.value)}
        />
        {errors.reason && (
          <p className="field__error" role="alert">
            {errors.reason}
          </p>
        )}
      </div>
      <ErrorNotice>{errors.form}</ErrorNotice>
      <p className="muted">{t('money.four_eyes')}</p>
      <SubmitButton busy={step.isPending}>
        {step.isPending ? t('money.proposing') : t('money.propose_credit')}
      </SubmitButton>
    </form>
  );
}
