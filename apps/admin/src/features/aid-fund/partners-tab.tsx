import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { roleCan, shortAddress, type OperatorAidPartner, type OperatorRole } from '@wallx/shared';
import { DataTable } from '../../components/data-table';
import { DoneNotice, Field, SubmitButton } from '../../components/form-parts';
import { QueryError } from '../../components/table-footer';
import { useForm } from '../../lib/use-form';
import { useAddPartner, usePartners, useUpdatePartner } from './api/aid-fund';

/** The partner organisations grants may go to; finance adds, edits and deactivates them (each audited). */
export function PartnersTab({ role }: { role: OperatorRole }) {
  const { t } = useTranslation();
  const partners = usePartners();
  const canEdit = roleCan(role, 'money');
  const [editing, setEditing] = useState<OperatorAidPartner | null>(null);
  return (
    <div className="aid-fund__grid">
      <div className="aid-fund__column">
        <p className="page__lead tab-lead">{t('aid_fund.partners_lead')}</p>
        {partners.isError && <QueryError error={partners.error} retry={() => void partners.refetch()} />}
        {partners.isPending && <p className="table-message">{t('table.loading')}</p>}
        {partners.data && (
          <div className="table-scroll panel">
            <DataTable
              rows={partners.data.items}
              rowKey={(p) => p.id}
              compact
              selectedKey={editing?.id ?? null}
              columns={[
                { header: t('aid_fund.partner'), cell: (p) => p.name },
                {
                  header: t('aid_fund.address'),
                  cell: (p) => <code title={p.address}>{shortAddress(p.address, 12)}</code>,
                },
                {
                  header: t('aid_fund.website'),
                  cell: (p) => (p.website ? p.website : <span className="muted">—</span>),
                },
                {
                  header: t('aid_fund.state'),
                  className: 'nowrap',
                  cell: (p) => (
                    <span className={p.active ? 'status status--ok' : 'status status--bad'}>
                      {t(p.active ? 'aid_fund.active' : 'aid_fund.inactive')}
                    </span>
                  ),
                },
                canEdit && {
                  header: t('aid_fund.actions'),
                  hideHeader: true,
                  className: 'table__actions',
                  cell: (p) => (
                    <button
                      type="button"
                      className="button button--small"
                      aria-label={t('aid_fund.edit_partner', { name: p.name })}
                      onClick={() => setEditing(p)}
                    >
                      {t('aid_fund.edit')}
                    </button>
                  ),
                },
              ]}
            />
            {partners.data.items.length === 0 && <p className="table-message">{t('aid_fund.no_partners')}</p>}
          </div>
        )}
      </div>
      <div className="aid-fund__column">
        {canEdit ? (
          <PartnerForm
            key={editing?.id ?? 'new'}
            partner={editing}
            onSaved={(saved) => editing && setEditing(saved)}
            onDone={() => setEditing(null)}
          />
        ) : (
          <p className="notice notice--info">{t('aid_fund.partners_read_only', { role: t(`roles.${role}`) })}</p>
        )}
      </div>
    </div>
  );
}

type Values = { name: string; address: string; website: string; active: boolean };
const fields = ['name', 'address', 'website', 'active'] as const;

/** Adding a partner, or editing one (`partner`): an edit sends only what changed. */
type FormProps = {
  partner: OperatorAidPartner | null;
  /** The partner as saved: an edit goes on from it. */
  onSaved: (partner: OperatorAidPartner) => void;
  onDone: () => void;
};

function PartnerForm({ partner, onSaved, onDone }: FormProps) {
  const { t } = useTranslation();
  const add = useAddPartner();
  const update = useUpdatePartner();
  const [saved, setSaved] = useState(false);
  const initial: Values = partner
    ? { name: partner.name, address: partner.address, website: partner.website ?? '', active: partner.active }
    : { name: '', address: '', website: '', active: true };
  const form = useForm<Values, (typeof fields)[number]>({ initial, fields });
  const title = partner ? t('aid_fund.edit_title', { name: partner.name }) : t('aid_fund.add_title');
  const submit = form.onSubmit((values) => {
    setSaved(false);
    const website = values.website.trim() === '' ? null : values.website.trim();
    const done = {
      onSuccess: (saved: OperatorAidPartner) => {
        form.reset(partner ? values : undefined);
        setSaved(true);
        onSaved(saved);
      },
      onError: (error: Error) => form.refuseWith(error),
    };
    if (!partner) {
      add.mutate({ name: values.name, address: values.address.trim(), website }, done);
      return;
    }
    const changed = {
      ...(values.name !== partner.name ? { name: values.name } : {}),
      ...(values.address.trim().toLowerCase() !== partner.address ? { address: values.address.trim() } : {}),
      ...(website !== partner.website ? { website } : {}),
      ...(values.active !== partner.active ? { active: values.active } : {}),
    };
    update.mutate({ id: partner.id, update: changed }, done);
  });
  return (
    <section className="panel aid-fund__panel" aria-labelledby="aid-fund-partner-title">
      <h2 id="aid-fund-partner-title">{title}</h2>
      <form className="aid-fund__form" onSubmit={submit} noValidate aria-label={title}>
        {partner && <p className="muted">{t('aid_fund.edit_lead')}</p>}
        <Field label={t('aid_fund.partner_name')} error={form.errors.name}>
          <input
            className="input"
            name="name"
            value={form.values.name}
            maxLength={100}
            aria-invalid={form.errors.name ? true : undefined}
            onChange={(event) => form.set('name', event.target.value)}
          />
        </Field>
        <Field label={t('aid_fund.address')} error={form.errors.address}>
          <input
            className="input"
            name="address"
            value={form.values.address}
            placeholder="0x…"
            spellCheck={false}
            aria-invalid={form.errors.address ? true : undefined}
            onChange={(event) => form.set('address', event.target.value)}
          />
        </Field>
        <Field label={t('aid_fund.website_optional')} error={form.errors.website}>
          <input
            className="input"
            name="website"
            value={form.values.website}
            placeholder="https://"
            aria-invalid={form.errors.website ? true : undefined}
            onChange={(event) => form.set('website', event.target.value)}
          />
        </Field>
        {partner && (
          <label className="checkbox">
            <input
              type="checkbox"
              name="active"
              checked={form.values.active}
              onChange={(event) => form.set('active', event.target.checked)}
            />{' '}
            {t('aid_fund.active_label')}
          </label>
        )}
        {form.errors.form && (
          <p className="notice notice--error" role="alert">
            {form.errors.form}
          </p>
        )}
        {saved && <DoneNotice>{t('aid_fund.partner_saved')}</DoneNotice>}
        <div className="filters__buttons">
          <SubmitButton busy={add.isPending || update.isPending}>
            {partner ? t('aid_fund.save') : t('aid_fund.add_submit')}
          </SubmitButton>
          {partner && (
            <button type="button" className="button" onClick={onDone}>
              {t('aid_fund.cancel')}
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
