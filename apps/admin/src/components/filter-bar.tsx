import { useState, type FormEvent, type ReactNode } from 'react';
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
      <FilterButtons
        onClear={
          cleared &&
          (() => {
            setDraft(cleared);
            onApply(cleared);
          })
        }
      />
    </form>
  );
}

type ButtonsProps = {
  /** What Clear does; no Clear button without it. */
  onClear?: () => void;
  /** A quieter Apply, where the filters are not the page's main business. */
  isQuiet?: boolean;
  /** More buttons after these (an export). */
  children?: ReactNode;
};

/** A filter form's Apply (its submit) and Clear. */
export function FilterButtons({ onClear, isQuiet = false, children }: ButtonsProps) {
  const { t } = useTranslation();
  return (
    <div className="filters__buttons">
      <button type="submit" className={isQuiet ? 'button' : 'button button--primary'}>
        {t('table.apply')}
      </button>
      {onClear && (
        <button type="button" className="button button--ghost" onClick={onClear}>
          {t('table.clear')}
        </button>
      )}
      {children}
    </div>
  );
}
