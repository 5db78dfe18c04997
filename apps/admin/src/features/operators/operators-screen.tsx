import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { operatorRoles, type OperatorEntry, type OperatorRole } from '@wallx/shared';
import { ListPage } from '../../components/list-page';
import { QueryError } from '../../components/table-footer';
import { formatTime } from '../../lib/format';
import { useOperatorSession } from '../../lib/session-store';
import { useForm } from '../../lib/use-form';
import { useChangeOperator, useOperators } from './api/operators';
import { addOperatorProblems, type AddOperatorValues } from './form-rules';
import './operators.css';
import { DoneNotice, Field, SubmitButton } from '../../components/form-parts';

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

function AddOperator({ operators }: { operators: readonly OperatorEntry[] }) {
  const { t } = useTranslation();
  const form = useForm<AddOperatorValues, 'address'>({
    initial: { address: '', role: 'viewer', person: '' },
    fields: [],
    rules: addOperatorProblems,
  });
  const { address, role, person } = form.values;
  // The rule's text and any refusal of the server show in the same place, under the row.
  const error = form.errors.address ?? form.errors.form;
  const [added, setAdded] = useState<string | null>(null);
  const mutation = useChangeOperator();
  function submit(event: FormEvent) {
    setAdded(null);
    form.onSubmit((sent) =>
      mutation.mutate(
        { kind: 'add', address: sent.address.trim(), role: sent.role, ...(sent.person ? { person: sent.person } : {}) },
        {
          onSuccess: (operator) => {
            form.edit({ address: '', person: '' });
            setAdded(t('operators.added', { address: operator.address, role: t(`roles.${operator.role}`) }));
          },
          onError: form.refuse,
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
          <select
            className="input"
            name="person"
            value={person}
            aria-describedby="add-operator-person-hint"
            onChange={(event) => form.set('person', event.target.value)}
          >
            <option value="">{t('operators.person_none')}</option>
            {operators.map((operator) => (
              <option key={operator.address} value={operator.address}>
                {operator.address}
              </option>
            ))}
          </select>
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
      {added && <DoneNotice>{added}</DoneNotice>}
    </form>
  );
}

function OperatorRow({ operator, self }: { operator: OperatorEntry; self: string }) {
  const { t } = useTranslation();
  const mutation = useChangeOperator();
  const isSelf = operator.address === self;
  const isLocked = operator.is_read_only || isSelf;
  const failure = mutation.error instanceof Error ? mutation.error.message : null;
  return (
    <tr className={operator.is_disabled ? 'is-disabled' : undefined}>
      <td>
        <code>{operator.address}</code>
        {isSelf ? <span className="cell-note">{t('operators.you')}</span> : null}
        {operator.person ? (
          <span className="cell-note">{t('operators.person_of', { address: operator.person })}</span>
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
            disabled={mutation.isPending}
            onChange={(role) => mutation.mutate({ kind: 'role', address: operator.address, role })}
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
      </td>
      <td className="table__actions">
        {isLocked ? (
          <span className="muted">{t(operator.is_read_only ? 'operators.read_only' : 'operators.self_locked')}</span>
        ) : (
          <button
            type="button"
            className={`button button--small${operator.is_disabled ? '' : ' button--danger'}`}
            disabled={mutation.isPending}
            aria-label={t(operator.is_disabled ? 'operators.enable_of' : 'operators.disable_of', {
              address: operator.address,
            })}
            onClick={() =>
              mutation.mutate({ kind: operator.is_disabled ? 'enable' : 'disable', address: operator.address })
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
  return (
    <ListPage id="operators" title={t('operators.title')} lead={t('operators.lead')}>
      <AddOperator operators={list.data ?? []} />
      <div className="panel table-panel">
        {list.isError && <QueryError error={list.error} retry={() => void list.refetch()} />}
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('operators.address')}</th>
              <th scope="col">{t('operators.role')}</th>
              <th scope="col">{t('operators.source')}</th>
              <th scope="col">{t('operators.state')}</th>
              <th scope="col">{t('operators.added_at')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('markets.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {(list.data ?? []).map((operator) => (
              <OperatorRow key={operator.address} operator={operator} self={self} />
            ))}
          </tbody>
        </table>
        {list.isPending && <p className="table-message">{t('table.loading')}</p>}
      </div>
    </ListPage>
  );
}
