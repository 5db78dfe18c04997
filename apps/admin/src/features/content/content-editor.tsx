import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LangTextEdit } from '@wallx/shared';
import { LangTextInput } from '../../components/lang-text-input';
import { useForm } from '../../lib/use-form';
import { useChangeContent } from './api/content';
import { formValuesOf, inputOf, problemsOf, type FormValues } from './content-form';
import { keyOf, kindSpecs, type ContentItem, type ContentKind, type FieldName, type FieldSpec } from './kinds';
import { DoneNotice, ErrorNotice, SubmitButton } from '../../components/form-parts';

type Props = {
  kind: ContentKind;
  item: ContentItem | null;
  onSaved: (key: string | null) => void;
  onDeleted: () => void;
};

/**
 * A kind's form: a new item (saved unpublished and last, decision 52) or the whole item replaced.
 * Deleting asks first, and shows the server's refusal (a watched course, 7006) where it was asked.
 */
export function ContentEditor({ kind, item, onSaved, onDeleted }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const spec = kindSpecs[kind];
  const isNew = item === null;
  const [saved, setSaved] = useState(false);
  const [isConfirming, setConfirming] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const form = useForm<FormValues, FieldName>({
    initial: () => formValuesOf(spec.fields, item),
    fields: spec.fields.map((field) => field.name),
    validate: (values) =>
      Object.fromEntries(
        Object.entries(problemsOf(spec.fields, values, isNew)).map(([name, problem]) => [
          name,
          `content.problem_${problem}`,
        ]),
      ),
  });
  const { values, errors } = form;
  const save = useChangeContent(kind);
  const remove = useChangeContent(kind);

  const set = (name: FieldName, value: FormValues[string]) => {
    form.set(name, value);
    setSaved(false);
  };

  const submit = form.onSubmit((sent) => {
    const input = inputOf(spec.fields, sent, isNew);
    const change = isNew
      ? ({ action: 'create', input } as const)
      : ({ action: 'update', key: keyOf(kind, item), input } as const);
    save.mutate(change, {
      onSuccess: (result) => {
        setSaved(true);
        onSaved(isNew ? keyOf(kind, result as ContentItem) : null);
      },
      onError: form.refuseWith,
    });
  });

  function confirmDelete() {
    if (!item) return;
    setDeleteError(null);
    remove.mutate(
      { action: 'delete', key: keyOf(kind, item) },
      { onSuccess: onDeleted, onError: (error) => setDeleteError(error.message) },
    );
  }

  const label = (field: FieldSpec) => t(`content.field_${field.name}`);
  const errorOf = (name: FieldName): ReactNode =>
    errors[name] && (
      <p id={`${id}-${name}-error`} className="field__error" role="alert">
        {errors[name]}
      </p>
    );

  function control(field: FieldSpec): ReactNode {
    const value = values[field.name];
    const common = {
      id: `${id}-${field.name}`,
      'aria-invalid': errors[field.name] ? true : undefined,
      'aria-describedby': errors[field.name] ? `${id}-${field.name}-error` : undefined,
    };
    switch (field.type) {
      case 'lang':
        return (
          <LangTextInput
            key={field.name}
            label={label(field)}
            rows={field.rows}
            value={(value as LangTextEdit).fields}
            onChange={(fields) => set(field.name, { ...(value as LangTextEdit), fields })}
            hint={
              field.isMarkdown
                ? t('content.markdown_hint')
                : field.isOptional
                  ? t('content.optional')
                  : t('content.lang_hint')
            }
            error={errors[field.name] ?? null}
          />
        );
      case 'bool':
        return (
          <label key={field.name} className="checkbox">
            <input
              type="checkbox"
              checked={value === true}
              onChange={(event) => set(field.name, event.target.checked)}
            />
            {label(field)}
          </label>
        );
      case 'select':
        return (
          <div className="field" key={field.name}>
            <label htmlFor={common.id} className="field__label">
              {label(field)}
            </label>
            <select {...common} value={String(value)} onChange={(event) => set(field.name, event.target.value)}>
              {field.options.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
            {errorOf(field.name)}
          </div>
        );
      default:
        return (
          <div className="field" key={field.name}>
            <label htmlFor={common.id} className="field__label">
              {label(field)}
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
              onChange={(event) => set(field.name, event.target.value)}
            />
            {field.type === 'regions' && <p className="muted field__hint">{t('content.regions_hint')}</p>}
            {field.type === 'key' && (
              <p className="muted field__hint">{t(isNew ? 'content.key_hint' : 'content.key_fixed')}</p>
            )}
            {errorOf(field.name)}
          </div>
        );
    }
  }

  return (
    <>
      <form
        className="form"
        onSubmit={submit}
        noValidate
        aria-label={isNew ? t('content.new_item') : t('content.edit_item')}
      >
        {spec.fields.map(control)}
        <ErrorNotice>{errors.form}</ErrorNotice>
        {saved && <DoneNotice>{t(isNew ? 'content.created' : 'content.saved')}</DoneNotice>}
        <SubmitButton busy={save.isPending}>
          {save.isPending ? t('content.saving') : isNew ? t('content.create') : t('content.save')}
        </SubmitButton>
      </form>
      {!isNew && (
        <section className="danger-zone" aria-label={t('content.delete')}>
          {isConfirming ? (
            <div className="confirm" role="group" aria-label={t('content.confirm_delete')}>
              <p>{t('content.confirm_delete')}</p>
              <div className="confirm__buttons">
                <button
                  type="button"
                  className="button button--danger"
                  onClick={confirmDelete}
                  disabled={remove.isPending}
                >
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
            <button
              type="button"
              className="button button--ghost button--danger-text"
              onClick={() => setConfirming(true)}
            >
              {t('content.delete')}
            </button>
          )}
          <ErrorNotice>{deleteError}</ErrorNotice>
        </section>
      )}
    </>
  );
}
