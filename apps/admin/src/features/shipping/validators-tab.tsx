import { useTranslation } from 'react-i18next';
import { langText } from '@wallx/shared';
import { ExportButton } from '../../components/export-button';
import { PagedTable } from '../../components/paged-table';
import { useLanguage } from '../../lib/i18n';
import { rowsOf } from '../../lib/paged-query';
import { useRegions } from './api/get-regions';
import { useValidators } from './api/get-validators';
import { regionLabel } from './regions';
import { validatorCsvColumns } from './shipping-csv';

/** Users who write off pick-up codes, with their points (made and changed from the Users section). */
export function ValidatorsTab() {
  const { t } = useTranslation();
  const language = useLanguage();
  const list = useValidators();
  const regions = useRegions().data;
  const items = rowsOf(list);
  return (
    <>
      <div className="filters filters--bar">
        <p className="muted">{t('shipping.validators_lead')}</p>
        <span className="filters__spacer" />
        <ExportButton name="validators" columns={validatorCsvColumns} rows={items} />
      </div>
      <PagedTable
        list={list}
        rows={items}
        rowKey={(item) => item.id}
        columns={[
          { header: t('shipping.validator'), cell: (item) => <code>{item.address}</code> },
          {
            header: t('shipping.points'),
            cell: (item) => (
              <ul className="plain-list">
                {item.points.map((point) => (
                  <li key={point.id}>
                    {langText(point.name, language)}{' '}
                    <span className="muted">· {regionLabel(regions, point.country, point.province, language)}</span>
                    {!point.active && <span className="status status--inactive">{t('shipping.inactive')}</span>}
                  </li>
                ))}
              </ul>
            ),
          },
        ]}
      />
    </>
  );
}
