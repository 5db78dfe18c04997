import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { shortAddress } from '@wallx/shared';
import { ExportButton } from '../../components/export-button';
import { QueryError, TableFooter } from '../../components/table-footer';
import { formatTime } from '../../lib/format';
import { useAudit, type AuditFilters } from './api/get-audit';
import { auditCsvColumns } from './audit-csv';
import { AuditEntryDetail } from './audit-entry-detail';
import { AuditFiltersForm, emptyAuditFilters } from './audit-filters';

const filterNames = Object.keys(emptyAuditFilters) as Array<keyof AuditFilters>;

/** The filters live in the address, so a filtered view can be reloaded and passed to a colleague. */
function filtersOf(params: URLSearchParams): AuditFilters {
  return Object.fromEntries(filterNames.map((name) => [name, params.get(name) ?? ''])) as AuditFilters;
}

export function AuditScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const audit = useAudit(filters);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const entries = audit.data?.pages.flatMap((page) => page.items) ?? [];
  const selected = entries.find((entry) => entry.id === selectedId) ?? null;

  function apply(next: AuditFilters) {
    setSelectedId(null);
    setParams(Object.fromEntries(filterNames.filter((name) => next[name] !== '').map((name) => [name, next[name]])));
  }

  return (
    <section className="list-page" aria-labelledby="audit-title">
      <header className="page__header">
        <div>
          <h1 id="audit-title">{t('audit.title')}</h1>
          <p className="page__lead">{t('audit.lead')}</p>
        </div>
        <ExportButton name="audit" columns={auditCsvColumns} rows={entries} />
      </header>
      <AuditFiltersForm key={params.toString()} value={filters} onApply={apply} />
      <div className={`split${selected ? ' split--open' : ''}`}>
        <div className="panel table-panel">
          {audit.isError && <QueryError error={audit.error} retry={() => void audit.refetch()} />}
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t('audit.time')}</th>
                <th scope="col">{t('audit.operator')}</th>
                <th scope="col">{t('audit.action')}</th>
                <th scope="col">{t('audit.subject')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('audit.view')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr
                  key={entry.id}
                  aria-selected={entry.id === selectedId}
                  className={entry.id === selectedId ? 'is-selected' : undefined}
                >
                  <td className="nowrap">{formatTime(entry.created_at)}</td>
                  <td>
                    <code title={entry.operator}>{shortAddress(entry.operator, 12)}</code>
                  </td>
                  <td>
                    <code>{entry.action}</code>
                  </td>
                  <td>
                    <span className="muted">{entry.subject_type}</span> <code>{entry.subject_id}</code>
                  </td>
                  <td className="table__actions">
                    <button
                      type="button"
                      className="button button--small"
                      aria-label={t('audit.view_entry', { id: entry.id })}
                      onClick={() => setSelectedId(entry.id)}
                    >
                      {t('audit.view')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {audit.isPending && <p className="table-message">{t('table.loading')}</p>}
          {audit.isSuccess && entries.length === 0 && <p className="table-message">{t('table.empty')}</p>}
          <TableFooter
            count={entries.length}
            hasNextPage={audit.hasNextPage}
            isFetchingNextPage={audit.isFetchingNextPage}
            fetchNextPage={() => void audit.fetchNextPage()}
          />
        </div>
        {selected && <AuditEntryDetail entry={selected} onClose={() => setSelectedId(null)} />}
      </div>
    </section>
  );
}
