import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from '../../lib/use-form';
import { useChangeContent } from './api/content';
import { formValuesOf, inputOf, problemsOf, type FormValues } from './content-form';
import { DeleteZone, FieldControl } from './content-fields';
import { keyOf, kindSpecs, type ContentItem, type ContentKind, type FieldName } from './kinds';
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

  return (
    <>
      <form
        className="form"
        onSubmit={submit}
        noValidate
        aria-label={isNew ? t('content.new_item') : t('content.edit_item')}
      >
        {spec.fields.map((field) => (
          <FieldControl
            key={field.name}
            field={field}
            idPrefix={id}
            value={values[field.name]}
            error={errors[field.name]}
            isNew={isNew}
            onChange={(value) => set(field.name, value)}
          />
        ))}
        <ErrorNotice>{errors.form}</ErrorNotice>
        {saved && <DoneNotice>{t(isNew ? 'content.created' : 'content.saved')}</DoneNotice>}
        <SubmitButton busy={save.isPending}>
          {save.isPending ? t('content.saving') : isNew ? t('content.create') : t('content.save')}
        </SubmitButton>
      </form>
      {item && <DeleteZone kind={kind} item={item} onDeleted={onDeleted} />}
    </>
  );
}
