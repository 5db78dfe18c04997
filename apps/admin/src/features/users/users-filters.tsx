import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from '../../lib/use-form';
import type { UserFilters } from './api/get-users';
import { userFilterProblems } from './form-rules';
import { Field } from '../../components/form-parts';
import { FilterButtons } from '../../components/filter-bar';

type Props = { value: UserFilters; onApply: (filters: UserFilters) => void };

export const emptyUserFilters: UserFilters = { q: '', frozen: '', validator: '' };

/** Applied on the server; the search is checked first by the server's own rule, so a refusal names the box. */
export function UserFiltersForm({ value, onApply }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const form = useForm<UserFilters, 'q'>({ initial: value, fields: ['q'], validate: userFilterProblems });
  const draft = form.values;
  const searchError = form.errors.q;
  const submit = form.onSubmit((sent) => onApply({ ...sent, q: sent.q.trim() }));

  const select = (name: 'frozen' | 'validator', label: string, options: Array<[UserFilters['frozen'], string]>) => (
    <Field label={label}>
      <select
        name={name}
        value={draft[name]}
        onChange={(event) => form.set(name, event.target.value as UserFilters['frozen'])}
      >
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </Field>
  );

  const errorId = `${id}-error`;
  return (
    <form className="filters" onSubmit={submit} aria-label={t('table.filters')} noValidate>
      <label className="field">
        <span className="field__label">{t('users.search')}</span>
        <input
          className="input"
          name="q"
          type="search"
          value={draft.q}
          placeholder={t('users.search_placeholder')}
          autoComplete="off"
          spellCheck={false}
          maxLength={64}
          aria-invalid={searchError ? true : undefined}
          aria-describedby={searchError ? errorId : undefined}
          onChange={(event) => form.set('q', event.target.value)}
        />
        {searchError && (
          <span id={errorId} className="field__error" role="alert">
            {searchError}
          </span>
        )}
      </label>
      {select('frozen', t('users.state'), [
        ['', t('users.any')],
        ['false', t('users.active')],
        ['true', t('users.frozen')],
      ])}
      {select('validator', t('users.validator'), [
        ['', t('users.any')],
        ['true', t('users.validators_only')],
        ['false', t('users.not_validators')],
      ])}
      <FilterButtons
        onClear={() => {
          form.reset(emptyUserFilters);
          onApply(emptyUserFilters);
        }}
      />
    </form>
  );
}
