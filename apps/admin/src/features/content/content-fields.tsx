import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LangTextEdit } from '@wallx/shared';
import { LangTextInput } from '../../components/lang-text-input';
import { ErrorNotice } from '../../components/form-parts';
import { useChangeContent } from './api/content';
import type { FormValues } from './content-form';
import { keyOf, type ContentItem, type ContentKind, type FieldSpec } from './kinds';

type Value = FormValues[string];

/** One field of a kind's form, drawn as its spec says (languages, a box, a choice, text), with its error. */
export function FieldControl({
  field,
  idPrefix,
  value,
  error,
  isNew,
  onChange,
}: {
  field: FieldSpec;
  idPrefix: string;
  value: Value | undefined;
  error: string | undefined;
  isNew: boolean;
  onChange: (value: Value) => void;
}) {
  const { t } = useTranslation();
  const label = t(`content.field_${field.name}`);
  const common = {
    id: `${idPrefix}-${field.name}`,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${idPrefix}-${field.name}-error` : undefined,
  };
  const errorLine: ReactNode = error && (
    <p id={`${idPrefix}-${field.name}-error`} className="field__error" role="alert">
      {error}
    </p>
  );
  switch (field.type) {
    case 'lang':
      return (
        <LangTextInput
          label={label}
          rows={field.rows}
          value={(value as LangTextEdit).fields}
          onChange={(fields) => onChange({ ...(value as LangTextEdit), fields })}
          hint={
            field.isMarkdown
              ? t('content.markdown_hint')
              : field.isOptional
                ? t('content.optional')
                : t('content.lang_hint')
          }
          error={error ?? null}
        />
      );
    case 'bool':
      return (
        <label className="checkbox">
          <input type="checkbox" checked={value === true} onChange={(event) => onChange(event.target.checked)} />
          {label}
        </label>
      );
    case 'select':
      return (
        <div className="field">
          <label htmlFor={common.id} className="field__label">
            {label}
          </label>
          <select {...common} value={String(value)} onChange={(event) => onChange(event.target.value)}>
            {field.options.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
          {errorLine}
        </div>
      );
    default:
      return (
        <div className="field">
          <label htmlFor={common.id} className="field__label">
            {label}
          </label>
          <input
            {...common}
            className="input"
            type={field.type === 'number' ? 'number' : 'text'}
            value={String(value)}
            // An article's key names it for good (its links and the app's pages use it).
            readOnly={field.type === 'key' && !isNew}
            maxLength={field.type === 'text' ? field.max : undefined}
            placeholder={
              field.type === 'text' ? field.placeholder : field.type === 'regions' ? 'CN, CN-GD, JP' : undefined
            }
            onChange={(event) => onChange(event.target.value)}
          />
          {field.type === 'regions' && <p className="muted field__hint">{t('content.regions_hint')}</p>}
          {field.type === 'key' && (
            <p className="muted field__hint">{t(isNew ? 'content.key_hint' : 'content.key_fixed')}</p>
          )}
          {errorLine}
        </div>
      );
  }
}

/** Deleting an item: asked first, and the server's refusal (a watched course, 7006) shown where it was asked. */
export function DeleteZone({ kind, item, onDeleted }: { kind: ContentKind; item: ContentItem; onDeleted: () => void }) {
  const { t } = useTranslation();
  const remove = useChangeContent(kind);
  const [isConfirming, setConfirming] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  function confirmDelete() {
    setDeleteError(null);
    remove.mutate(
      { action: 'delete', key: keyOf(kind, item) },
      { onSuccess: onDeleted, onError: (error) => setDeleteError(error.message) },
    );
  }

  return (
    <section className="danger-zone" aria-label={t('content.delete')}>
      {isConfirming ? (
        <div className="confirm" role="group" aria-label={t('content.confirm_delete')}>
          <p>{t('content.confirm_delete')}</p>
          <div className="confirm__buttons">
            <button type="button" className="button button--danger" onClick={confirmDelete} disabled={remove.isPending}>
              {t('content.delete_for_good')}
            </button>
            <button
              type="button"
              className="button button--ghost"
              onClick={() => (setConfirming(false), setDeleteError(null))}
            >
              {t('content.cancel')}
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className="button button--ghost button--danger-text" onClick={() => setConfirming(true)}>
          {t('content.delete')}
        </button>
      )}
      <ErrorNotice>{deleteError}</ErrorNotice>
    </section>
  );
}
