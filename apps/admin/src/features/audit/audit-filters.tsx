import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditFilters } from './api/get-audit';

type Props = { value: AuditFilters; onApply: (filters: AuditFilters) => void };

export const emptyAuditFilters: AuditFilters = { operator: '', action: '', subject_type: '', subject_id: '' };

/** The filters are sent to the server on Apply: the table pages through the filtered log, not through what one page held. */
export function AuditFiltersForm({ value, onApply }: Props) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value);
  const field = (name: keyof AuditFilters, label: string, placeholder?: string) => (
    <label className="field">
      <span className="field__label">{label}</span>
      <input
        className="input"
        name={name}
        value={draft[name]}
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
      />
    </label>
  );
  function submit(event: FormEvent) {
    event.preventDefault();
    onApply({
      operator: draft.operator.trim(),
      action: draft.action.trim(),
      subject_type: draft.subject_type.trim(),
      subject_id: draft.subject_id.trim(),
    });
  }
  return (
    <form className="filters" onSubmit={submit} aria-label={t('table.filters')}>
      {field('operator', t('audit.operator'), t('audit.operator_placeholder'))}
      {field('action', t('audit.action'), t('audit.action_placeholder'))}
      {field('subject_type', t('audit.subject_type'), t('audit.subject_type_placeholder'))}
      {field('subject_id', t('audit.subject_id'))}
      <div className="filters__buttons">
        <button type="submit" className="button button--primary">
          {t('table.apply')}
        </button>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => {
            setDraft(emptyAuditFilters);
            onApply(emptyAuditFilters);
          }}
        >
          {t('table.clear')}
        </button>
      </div>
    </form>
  );
}
