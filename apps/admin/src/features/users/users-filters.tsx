import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { parseUserSearch } from '@wallx/shared';
import type { UserFilters } from './api/get-users';
import { Field } from '../../components/form-parts';
import { FilterButtons } from '../../components/filter-bar';

type Props = { value: UserFilters; onApply: (filters: UserFilters) => void };

export const emptyUserFilters: UserFilters = { q: '', frozen: '', validator: '' };

/** Applied on the server; the search is checked first by the server's own rule, so a refusal names the box. */
export function UserFiltersForm({ value, onApply }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState(value);
  const [searchError, setSearchError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const q = draft.q.trim();
    const search = q === '' ? null : parseUserSearch(q);
    if (search && !search.addressPrefix && !search.shareCode) {
      setSearchError(t('users.search_invalid'));
      return;
    }
    setSearchError(null);
    onApply({ ...draft, q });
  }

  const select = (name: 'frozen' | 'validator', label: string, options: Array<[UserFilters['frozen'], string]>) => (
    <Field label={label}>
      <select
        name={name}
        value={draft[name]}
        onChange={(event) => setDraft({ ...draft, [name]: event.target.value as UserFilters['frozen'] })}
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
          onChange={(event) => {
            setDraft({ ...draft, q: event.target.value });
            if (searchError) setSearchError(null);
          }}
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
          setDraft(emptyUserFilters);
          setSearchError(null);
          onApply(emptyUserFilters);
        }}
      />
    </form>
  );
}
