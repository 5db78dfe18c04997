import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { langText, roleCan, shortAddress } from '@wallx/shared';
import { ExportButton } from '../../components/export-button';
import { PagedTable } from '../../components/paged-table';
import { formatTime } from '../../lib/format';
import { useLanguage } from '../../lib/i18n';
import { useOperatorSession } from '../../lib/session-store';
import { useGifts } from './api/get-gifts';
import { giftCsvColumns } from './catalog-csv';
import { GrantForm } from './grant-form';

/** Grants of gift products: the form (finance and admin) above the list, filtered by the user's address. */
export function GiftsTab() {
  const { t } = useTranslation();
  const language = useLanguage();
  const role = useOperatorSession().session?.operator.role ?? 'viewer';
  const [params, setParams] = useSearchParams();
  const address = params.get('address') ?? '';
  const [draft, setDraft] = useState(address);
  const list = useGifts({ address });
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

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
        <label className="field">
          <span className="field__label">{t('catalog.filter_user')}</span>
          <input
            className="input"
            name="address"
            value={draft}
            placeholder="0x…"
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => setDraft(event.target.value)}
          />
        </label>
        <div className="filters__buttons">
          <button type="submit" className="button">
            {t('table.apply')}
          </button>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              setDraft('');
              setParams({ tab: 'gifts' });
            }}
          >
            {t('table.clear')}
          </button>
          <ExportButton name="gift-grants" columns={giftCsvColumns} rows={items} />
        </div>
      </form>
      <PagedTable list={list} count={items.length}>
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('catalog.granted_at')}</th>
              <th scope="col">{t('catalog.grant_user')}</th>
              <th scope="col">{t('catalog.grant_product')}</th>
              <th scope="col">{t('catalog.quantity')}</th>
              <th scope="col">{t('catalog.reason')}</th>
              <th scope="col">{t('catalog.granted_by')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((grant) => (
              <tr key={grant.id}>
                <td className="nowrap">{formatTime(grant.created_at)}</td>
                <td>
                  <code title={grant.address}>{shortAddress(grant.address, 12)}</code>
                </td>
                <td>{langText(grant.product.name, language)}</td>
                <td>{grant.quantity}</td>
                <td className="table__title message-text">{grant.reason}</td>
                <td>
                  <code title={grant.operator}>{shortAddress(grant.operator, 12)}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </PagedTable>
    </div>
  );
}
