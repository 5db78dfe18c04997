import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { operatorRoles, shortAddress, type OperatorEntry, type OperatorRole, type Proposal } from '@wallx/shared';
import { ListPage } from '../../components/list-page';
import { QueryError } from '../../components/table-footer';
import { formatTime } from '../../lib/format';
import { useOperatorSession } from '../../lib/session-store';
import { useForm } from '../../lib/use-form';
import { useDisableOperator, useOperatorProposals, useOperators, useProposeOperatorChange } from './api/operators';
import { addOperatorProblems, type AddOperatorValues } from './form-rules';
import './operators.css';
import { DoneNotice, Field, SubmitButton } from '../../components/form-parts';

/** Where a second admin approves what this page proposes. */
const PROPOSALS_PATH = '/money?tab=proposals&show=any&status=pending&about=operator';

function RoleSelect({
  value,
  label,
  onChange,
  disabled,
}: {
  value: OperatorRole;
  label: string;
  onChange: (role: OperatorRole) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <select
      className="input input--compact"
      aria-label={label}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value as OperatorRole)}
    >
      {operatorRoles.map((role) => (
        <option key={role} value={role}>
          {t(`roles.${role}`)}
        </option>
      ))}
    </select>
  );
}

/** The operators another can be recorded as a second wallet of: everyone but themselves. */
function PersonSelect({
  value,
  label,
  operators,
  onChange,
  disabled,
  name,
  describedBy,
  compact = false,
}: {
  value: string;
  label?: string;
  operators: readonly OperatorEntry[];
  onChange: (person: string) => void;
  disabled?: boolean;
  name?: string;
  describedBy?: string;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <select
      className={compact ? 'input input--compact' : 'input'}
      name={name}
      aria-label={label}
      aria-describedby={describedBy}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
    >
      <option value="">{t(compact ? 'operators.person_row_none' : 'operators.person_none')}</option>
      {operators.map((operator) => (
        <option key={operator.address} value={operator.address}>
          {compact ? shortAddress(operator.address, 12) : operator.address}
        </option>
      ))}
    </select>
  );
}

/** What a waiting proposal would change of one operator, in a few words. */
function usePendingText() {
  const { t } = useTranslation();
  return (p: Proposal) => {
    const after = p.operator?.after;
    if (!after) return '';
    if (p.kind === 'operator.role') return t('operators.pending_role', { role: t(`roles.${after.role}`) });
    if (p.kind === 'operator.enable') return t('operators.pending_enable');
    return after.person
      ? t('operators.pending_person', { person: shortAddress(after.person, 12) })
      : t('operators.pending_person_none');
  };
}

function AddOperator({ operators }: { operators: readonly OperatorEntry[] }) {
  const { t } = useTranslation();
  const form = useForm<AddOperatorValues, 'address'>({
    initial: { address: '', role: 'viewer', person: '' },
    fields: [],
    validate: addOperatorProblems,
  });
  const { address, role, person } = form.values;
  // The rule's text and any refusal of the server show in the same place, under the row.
  const error = form.errors.address ?? form.errors.form;
  const [proposed, setProposed] = useState<string | null>(null);
  const mutation = useProposeOperatorChange();
  function submit(event: FormEvent) {
    setProposed(null);
    form.onSubmit((sent) =>
      mutation.mutate(
        { kind: 'add', address: sent.address.trim(), role: sent.role, ...(sent.person ? { person: sent.person } : {}) },
        {
          onSuccess: (proposal) => {
            form.edit({ address: '', person: '' });
            setProposed(
              t('operators.added', {
                address: proposal.subject_id,
                role: t(`roles.${proposal.operator?.after.role ?? sent.role}`),
              }),
            );
          },
          onError: form.refuseWith,
        },
      ),
    )(event);
  }
  return (
    <form className="panel add-operator" onSubmit={submit} noValidate aria-labelledby="add-operator-title">
      <h2 id="add-operator-title">{t('operators.add_title')}</h2>
      <div className="filters">
        <Field label={t('operators.address')} className="field--wide">
          <input
            className="input"
            name="address"
            value={address}
            placeholder="0x…"
            autoComplete="off"
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            onChange={(event) => form.set('address', event.target.value)}
          />
        </Field>
        <Field label={t('operators.role')}>
          <RoleSelect value={role} label={t('operators.role')} onChange={(value) => form.set('role', value)} />
        </Field>
        <Field label={t('operators.person')} className="field--wide">
          <PersonSelect
            name="person"
            value={person}
            operators={operators}
            describedBy="add-operator-person-hint"
            onChange={(value) => form.set('person', value)}
          />
        </Field>
        <div className="filters__buttons">
          <SubmitButton busy={mutation.isPending}>{t('operators.add')}</SubmitButton>
        </div>
      </div>
      <p id="add-operator-person-hint" className="field__hint">
        {t('operators.person_hint')}
      </p>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      {proposed && (
        <DoneNotice>
          {proposed} <Link to={PROPOSALS_PATH}>{t('operators.open_proposals')}</Link>
        </DoneNotice>
      )}
    </form>
  );
}

/** Additions proposed and not yet approved: no row is there for them until then. */
function PendingAdds({ proposals }: { proposals: readonly Proposal[] }) {
  const { t } = useTranslation();
  const adds = proposals.filter((p) => p.kind === 'operator.add' && p.operator);
  if (adds.length === 0) return null;
  return (
    <section className="panel pending-adds" aria-labelledby="pending-adds-title">
      <h2 id="pending-adds-title">{t('operators.pending_add')}</h2>
      <ul className="plain-list">
        {adds.map((p) => (
          <li key={p.id}>
            <code>{p.subject_id}</code> · {t(`roles.${p.operator!.after.role}`)}
            {p.operator!.after.person && ` · ${t('operators.person_of', { address: p.operator!.after.person })}`}
            <span className="cell-note">
              {t('operators.proposed_by')} {shortAddress(p.proposed_by, 12)} · {formatTime(p.proposed_at)}
            </span>
          </li>
        ))}
      </ul>
      <Link to={PROPOSALS_PATH}>{t('operators.open_proposals')}</Link>
    </section>
  );
}

function OperatorRow({
  operator,
  self,
  operators,
  pending,
}: {
  operator: OperatorEntry;
  self: string;
  operators: readonly OperatorEntry[];
  pending: Proposal | undefined;
}) {
  const { t } = useTranslation();
  const propose = useProposeOperatorChange();
  const disable = useDisableOperator();
  const pendingText = usePendingText();
  const isSelf = operator.address === self;
  const isLocked = operator.is_read_only || isSelf;
  const isBusy = propose.isPending || disable.isPending;
  const failure = (propose.error ?? disable.error)?.message ?? null;
  return (
    <tr className={operator.is_disabled ? 'is-disabled' : undefined}>
      <td>
        <code>{operator.address}</code>
        {isSelf ? <span className="cell-note">{t('operators.you')}</span> : null}
        {operator.cooling_until ? (
          <span className="cell-note">{t('operators.cooling', { time: formatTime(operator.cooling_until) })}</span>
        ) : null}
        {pending ? (
          <span className="cell-note pending-note">
            {t('operators.pending', { change: pendingText(pending) })}{' '}
            <Link to={PROPOSALS_PATH}>{t('operators.open_proposals')}</Link>
          </span>
        ) : propose.isSuccess ? (
          <span className="cell-note pending-note" role="status">
            {t('operators.proposed')}
          </span>
        ) : null}
        {failure ? (
          <span className="field__error" role="alert">
            {failure}
          </span>
        ) : null}
      </td>
      <td>
        {isLocked ? (
          <span className={`role role--${operator.role}`}>{t(`roles.${operator.role}`)}</span>
        ) : (
          <RoleSelect
            value={operator.role}
            label={t('operators.role_of', { address: operator.address })}
            disabled={isBusy || pending !== undefined}
            onChange={(role) => propose.mutate({ kind: 'role', address: operator.address, role })}
          />
        )}
      </td>
      <td>
        {isLocked ? (
          operator.person ? (
            <code title={operator.person}>{shortAddress(operator.person, 12)}</code>
          ) : (
            <span className="muted">—</span>
          )
        ) : (
          <PersonSelect
            compact
            value={operator.person ?? ''}
            label={t('operators.person_select_of', { address: operator.address })}
            operators={operators.filter((other) => other.address !== operator.address)}
            disabled={isBusy || pending !== undefined}
            onChange={(person) => propose.mutate({ kind: 'person', address: operator.address, person: person || null })}
          />
        )}
      </td>
      <td>{t(operator.is_read_only ? 'operators.source_config' : 'operators.source_console')}</td>
      <td>
        <span className={`status status--${operator.is_disabled ? 'disabled' : 'active'}`}>
          {t(operator.is_disabled ? 'operators.disabled' : 'operators.active')}
        </span>
      </td>
      <td className="nowrap">
        {operator.created_at ? formatTime(operator.created_at) : <span className="muted">—</span>}
        {operator.approved_by ? (
          <span className="cell-note">
            {t('operators.approved_by', { address: shortAddress(operator.approved_by, 12) })}
          </span>
        ) : null}
      </td>
      <td className="table__actions">
        {isLocked ? (
          <span className="muted">{t(operator.is_read_only ? 'operators.read_only' : 'operators.self_locked')}</span>
        ) : (
          <button
            type="button"
            className={`button button--small${operator.is_disabled ? '' : ' button--danger'}`}
            disabled={isBusy || (operator.is_disabled && pending !== undefined)}
            aria-label={t(operator.is_disabled ? 'operators.enable_of' : 'operators.disable_of', {
              address: operator.address,
            })}
            onClick={() =>
              operator.is_disabled
                ? propose.mutate({ kind: 'enable', address: operator.address })
                : disable.mutate(operator.address)
            }
          >
            {t(operator.is_disabled ? 'operators.enable' : 'operators.disable')}
          </button>
        )}
      </td>
    </tr>
  );
}

export function OperatorsScreen() {
  const { t } = useTranslation();
  const self = useOperatorSession().session?.operator.address ?? '';
  const list = useOperators();
  const proposals = useOperatorProposals();
  const operators = list.data ?? [];
  const pendingOf = (address: string) =>
    proposals.data?.find((p) => p.subject_id === address && p.kind !== 'operator.add');
  return (
    <ListPage id="operators" title={t('operators.title')} lead={t('operators.lead')}>
      <AddOperator operators={operators} />
      <PendingAdds proposals={proposals.data ?? []} />
      <div className="panel table-panel">
        {list.isError && <QueryError error={list.error} retry={() => void list.refetch()} />}
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('operators.address')}</th>
              <th scope="col">{t('operators.role')}</th>
              <th scope="col">{t('operators.person')}</th>
              <th scope="col">{t('operators.source')}</th>
              <th scope="col">{t('operators.state')}</th>
              <th scope="col">{t('operators.added_at')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('markets.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {operators.map((operator) => (
              <OperatorRow
                key={operator.address}
                operator={operator}
                self={self}
                operators={operators}
                pending={pendingOf(operator.address)}
              />
            ))}
          </tbody>
        </table>
        {list.isPending && <p className="table-message">{t('table.loading')}</p>}
      </div>
    </ListPage>
  );
}
