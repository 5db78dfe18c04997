import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { langText, roleCan, type GiftGrant } from '@wallx/shared';
import { ExportButton } from '../../components/export-button';
import { addressColumn, PagedTable, timeColumn } from '../../components/paged-table';
import { useLanguage } from '../../lib/i18n';
import { rowsOf } from '../../lib/paged-query';
import { useOperatorSession } from '../../lib/session-store';
import { useGifts } from './api/get-gifts';
import { giftCsvColumns } from './catalog-csv';
import { GrantForm } from './grant-form';
import { Field } from '../../components/form-parts';
import { FilterButtons } from '../../components/filter-bar';

/** Grants of gift products: the form (finance and admin) above the list, filtered by the user's address. */
export function GiftsTab() {
  const { t } = useTranslation();
  const language = useLanguage();
  const role = useOperatorSession().session?.operator.role ?? 'viewer';
  const [params, setParams] = useSearchParams();
  const address = params.get('address') ?? '';
  const [draft, setDraft] = useState(address);
  const list = useGifts({ address });
  const items = rowsOf(list);

  function apply(event: FormEvent) {
    event.preventDefault();
    const value = draft.trim();
    setParams(value ? { tab: 'gifts', address: value } : { tab: 'gifts' });
  }

  return (
    <div className="gifts">
      {roleCan(role, 'money') ? (
        <GrantForm />
      ) : (
        <p className="notice notice--info">{t('catalog.cannot_grant', { role: t(`roles.${role}`) })}</p>
      )}
      <h2 className="section-title">{t('catalog.grants')}</h2>
      <form className="filters" onSubmit={apply} role="search">
        <Field label={t('catalog.filter_user')}>
          <input
            className="input"
            name="address"
            value={draft}
            placeholder="0x…"
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => setDraft(event.target.value)}
          />
        </Field>
        <FilterButtons
          isQuiet
          onClear={() => {
            setDraft('');
            setParams({ tab: 'gifts' });
          }}
        >
          <ExportButton name="gift-grants" columns={giftCsvColumns} rows={items} />
        </FilterButtons>
      </form>
      <PagedTable
        list={list}
        rows={items}
        rowKey={(grant) => grant.id}
        columns={[
          timeColumn(t('catalog.granted_at'), (grant: GiftGrant) => grant.created_at),
          addressColumn(t('catalog.grant_user'), (grant: GiftGrant) => grant.address),
          { header: t('catalog.grant_product'), cell: (grant) => langText(grant.product.name, language) },
          { header: t('catalog.quantity'), cell: (grant) => grant.quantity },
          { header: t('catalog.reason'), className: 'table__title message-text', cell: (grant) => grant.reason },
          addressColumn(t('catalog.granted_by'), (grant: GiftGrant) => grant.operator),
        ]}
      />
    </div>
  );
}
