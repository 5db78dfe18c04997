import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ApiError,
  isAddress,
  roleCan,
  shortAddress,
  WITHDRAWAL_REVIEW_NOTE_MAX,
  WITHDRAWAL_REVIEW_NOTE_MIN,
  type UnattributedDeposit,
} from '@wallx/shared';
import { DetailPanel } from '../../components/detail-panel';
import { addressColumn, PagedTable, RowButton, timeColumn } from '../../components/paged-table';
import { rowsOf } from '../../lib/paged-query';
import { useOperatorSession } from '../../lib/session-store';
import { useProposalStep, useUnattributedDeposits } from './api/proposals';
import { ErrorNotice, Field, SubmitButton } from '../../components/form-parts';

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
  const [user, setUser] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ user?: string; reason?: string; form?: string }>({});
  const [done, setDone] = useState(false);
  const step = useProposalStep();

  function submit(event: FormEvent) {
    event.preventDefault();
    const next: typeof errors = {};
    if (!isAddress(user.trim())) next.user = t('money.credit_user_invalid');
    if (reason.trim().length < WITHDRAWAL_REVIEW_NOTE_MIN)
      next.reason = t('money.reject_reason_required', { min: WITHDRAWAL_REVIEW_NOTE_MIN });
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    step.mutate(
      {
        kind: 'propose',
        request: { kind: 'deposit.credit', subject_id: d.id, user: user.trim().toLowerCase(), reason: reason.trim() },
      },
      {
        onSuccess: () => setDone(true),
        onError: (error) => {
          const field = error instanceof ApiError ? error.field : undefined;
          setErrors(field === 'user' || field === 'reason' ? { [field]: error.message } : { form: error.message });
        },
      },
    );
  }

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
        <dt>{t('money.amount')}</dt>
        <dd>
          {d.amount} {d.asset}
        </dd>
        <dt>{t('money.from')}</dt>
        <dd>
          <code>{d.from_address}</code>
        </dd>
        <dt>{t('money.tx')}</dt>
        <dd>
          <code>
            {d.tx_hash} #{d.log_index}
          </code>
        </dd>
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
          onChange={(event) => setUser(event.target.value)}
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
          onChange={(event) => setReason(event.target.value)}
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
