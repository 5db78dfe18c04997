import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPPORT_LINE_DEFAULT, roleCan, type OperatorRole, type OperatorSupportLine } from '@wallx/shared';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, timeColumn } from '../../components/data-table';
import { DoneNotice, Field, SubmitButton } from '../../components/form-parts';
import { QueryError } from '../../components/table-footer';
import { useForm } from '../../lib/use-form';
import { useDeleteSupportLine, useSaveSupportLine, useSupportLines } from './api/support-lines';

type Values = { country: string; name: string; phone: string; url: string };
const fields = ['country', 'name', 'phone', 'url'] as const;
const blank: Values = { country: '', name: '', phone: '', url: '' };
const valuesOf = (line: OperatorSupportLine): Values => ({
  country: line.country,
  name: line.name,
  phone: line.phone ?? '',
  url: line.url ?? '',
});

/** The crisis lines the app offers by the user's country (and the default for any other); support keeps them. */
export function SupportLinesTab({ role }: { role: OperatorRole }) {
  const { t } = useTranslation();
  const lines = useSupportLines();
  const canEdit = roleCan(role, 'support');
  const [editing, setEditing] = useState<OperatorSupportLine | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const items = lines.data?.items ?? [];
  const countryName = (country: string) => (country === SUPPORT_LINE_DEFAULT ? t('wellbeing.line_default') : country);
  return (
    <>
      <p className="page__lead tab-lead">{t('wellbeing.lines_lead')}</p>
      {/* Decision 153: a grant's partner is not a crisis line until someone has checked it is one. */}
      <p className="notice notice--info">{t('wellbeing.lines_partners_hint')}</p>
      {!canEdit && (
        <p className="notice notice--info">{t('wellbeing.lines_read_only', { role: t(`roles.${role}`) })}</p>
      )}
      <div className="panel table-panel">
        {lines.isError && <QueryError error={lines.error} retry={() => void lines.refetch()} />}
        <DataTable
          rows={items}
          rowKey={(line) => line.country}
          columns={[
            { header: t('wellbeing.line_country'), className: 'nowrap', cell: (line) => countryName(line.country) },
            { header: t('wellbeing.line_name'), cell: (line) => line.name },
            { header: t('wellbeing.line_phone'), className: 'nowrap', cell: (line) => line.phone ?? '—' },
            {
              header: t('wellbeing.line_url'),
              cell: (line) =>
                line.url ? (
                  <a href={line.url} target="_blank" rel="noreferrer noopener">
                    {line.url}
                  </a>
                ) : (
                  '—'
                ),
            },
            timeColumn(t('wellbeing.line_updated'), (line: OperatorSupportLine) => line.updated_at),
            canEdit && {
              header: t('wellbeing.actions'),
              hideHeader: true,
              className: 'table__actions',
              cell: (line) => (
                <>
                  <button type="button" className="button button--small" onClick={() => setEditing(line)}>
                    {t('wellbeing.line_edit', { country: countryName(line.country) })}
                  </button>
                  {line.country !== SUPPORT_LINE_DEFAULT && (
                    <button
                      type="button"
                      className="button button--small button--danger"
                      onClick={() => setRemoving(line.country)}
                    >
                      {t('wellbeing.line_remove', { country: line.country })}
                    </button>
                  )}
                </>
              ),
            },
          ]}
        />
        {lines.isPending && <p className="table-message">{t('table.loading')}</p>}
      </div>
      {canEdit && <LineForm key={editing?.country ?? 'new'} editing={editing} onDone={() => setEditing(null)} />}
      {removing && <RemoveLine country={removing} onClose={() => setRemoving(null)} />}
    </>
  );
}

/** Adds a country's line, or changes the one picked in the table. */
function LineForm({ editing, onDone }: { editing: OperatorSupportLine | null; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useSaveSupportLine();
  const form = useForm<Values, (typeof fields)[number]>({
    initial: () => (editing ? valuesOf(editing) : blank),
    fields,
  });
  const [saved, setSaved] = useState<string | null>(null);
  const submit = form.onSubmit((values) => {
    setSaved(null);
    const country = values.country === SUPPORT_LINE_DEFAULT ? values.country : values.country.toUpperCase();
    save.mutate(
      {
        country,
        line: { name: values.name, phone: values.phone.trim() || null, url: values.url.trim() || null },
      },
      {
        onSuccess: () => {
          setSaved(country);
          form.reset(blank);
          onDone();
        },
        onError: (error) => form.refuseWith(error),
      },
    );
  });
  const input = (
    name: (typeof fields)[number],
    extra: { maxLength: number; readOnly?: boolean; placeholder?: string },
  ) => (
    <Field label={t(`wellbeing.line_${name}`)} error={form.errors[name]}>
      <input
        className="input"
        name={name}
        value={form.values[name]}
        aria-invalid={form.errors[name] ? true : undefined}
        onChange={(event) => form.set(name, event.target.value)}
        {...extra}
      />
    </Field>
  );
  return (
    <form
      className="panel wellbeing__panel wellbeing__form"
      onSubmit={submit}
      noValidate
      aria-label={editing ? t('wellbeing.line_form_edit', { country: editing.country }) : t('wellbeing.line_form_add')}
    >
      <h2>{editing ? t('wellbeing.line_form_edit', { country: editing.country }) : t('wellbeing.line_form_add')}</h2>
      <div className="wellbeing__line-fields">
        {input('country', { maxLength: 7, readOnly: editing !== null, placeholder: 'CN' })}
        {input('name', { maxLength: 100 })}
        {input('phone', { maxLength: 40 })}
        {input('url', { maxLength: 300, placeholder: 'https://' })}
      </div>
      {form.errors.form && (
        <p className="notice notice--error" role="alert">
          {form.errors.form}
        </p>
      )}
      {saved && <DoneNotice>{t('wellbeing.line_saved', { country: saved })}</DoneNotice>}
      <div className="filters__buttons">
        {editing && (
          <button type="button" className="button" onClick={onDone}>
            {t('wellbeing.cancel')}
          </button>
        )}
        <SubmitButton busy={save.isPending}>{t('wellbeing.line_save')}</SubmitButton>
      </div>
    </form>
  );
}

function RemoveLine({ country, onClose }: { country: string; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteSupportLine();
  return (
    <ConfirmDialog
      title={t('wellbeing.line_remove_title', { country })}
      cancelLabel={t('wellbeing.cancel')}
      confirmLabel={t('wellbeing.line_remove_confirm')}
      busy={remove.isPending}
      danger
      error={remove.error?.message ?? null}
      onConfirm={() => remove.mutate(country, { onSuccess: onClose })}
      onClose={onClose}
    >
      <p>{t('wellbeing.line_remove_text', { country })}</p>
    </ConfirmDialog>
  );
}
