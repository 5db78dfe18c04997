import { useTranslation } from 'react-i18next';
import { langText } from '@wallx/shared';
import { ExportButton } from '../../components/export-button';
import { QueryError, TableFooter } from '../../components/table-footer';
import { useLanguage } from '../../lib/i18n';
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
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <>
      <div className="filters filters--bar">
        <p className="muted">{t('shipping.validators_lead')}</p>
        <span className="filters__spacer" />
        <ExportButton name="validators" columns={validatorCsvColumns} rows={items} />
      </div>
      <div className="panel table-panel">
        {list.isError && <QueryError error={list.error} retry={() => void list.refetch()} />}
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('shipping.validator')}</th>
              <th scope="col">{t('shipping.points')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.id}>
                <td>
                  <code>{item.address}</code>
                </td>
                <td>
                  <ul className="plain-list">
                    {item.points.map((point) => (
                      <li key={point.id}>
                        {langText(point.name, language)}{' '}
                        <span className="muted">· {regionLabel(regions, point.country, point.province, language)}</span>
                        {!point.active && <span className="status status--inactive">{t('shipping.inactive')}</span>}
                      </li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {list.isPending && <p className="table-message">{t('table.loading')}</p>}
        {list.isSuccess && items.length === 0 && <p className="table-message">{t('table.empty')}</p>}
        <TableFooter
          count={items.length}
          hasNextPage={list.hasNextPage}
          isFetchingNextPage={list.isFetchingNextPage}
          fetchNextPage={() => void list.fetchNextPage()}
        />
      </div>
    </>
  );
}
