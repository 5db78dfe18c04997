import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

export type FilterField = { name: string; label: string } & (
  { kind: 'select'; options: Array<{ value: string; label: string }> } | { kind: 'text'; placeholder?: string }
);

type Props = {
  fields: FilterField[];
  value: Record<string, string>;
  onApply: (filters: Record<string, string>) => void;
  /** Where a Clear button takes the filters; no button without it. */
  cleared?: Record<string, string>;
};

/** A table's filters: sent to the server on Apply, so the table pages through what matches, not through what one page held. */
export function FilterBar({ fields, value, onApply, cleared }: Props) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value);
  const set = (name: string, text: string) => setDraft({ ...draft, [name]: text });
  function submit(event: FormEvent) {
    event.preventDefault();
    onApply(Object.fromEntries(fields.map((field) => [field.name, (draft[field.name] ?? '').trim()])));
  }
  return (
    <form className="filters" onSubmit={submit} aria-label={t('table.filters')}>
      {fields.map((field) => (
        <label className="field" key={field.name}>
          <span className="field__label">{field.label}</span>
          {field.kind === 'select' ? (
            <select
              className="input"
              name={field.name}
              value={draft[field.name] ?? ''}
              onChange={(event) => set(field.name, event.target.value)}
            >
              {field.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          ) : (
            <input
              className="input"
              name={field.name}
              value={draft[field.name] ?? ''}
              placeholder={field.placeholder}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => set(field.name, event.target.value)}
            />
          )}
        </label>
      ))}
      <div className="filters__buttons">
        <button type="submit" className="button button--primary">
          {t('table.apply')}
        </button>
        {cleared && (
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              setDraft(cleared);
              onApply(cleared);
            }}
          >
            {t('table.clear')}
          </button>
        )}
      </div>
    </form>
  );
}
