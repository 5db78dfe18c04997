import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@wallx/shared';
import { ExportButton } from '../../components/export-button';
import { FilterBar, type FilterField } from '../../components/filter-bar';
import { ListPage } from '../../components/list-page';
import { addressColumn, PagedTable, RowButton, timeColumn } from '../../components/paged-table';
import { rowsOf } from '../../lib/paged-query';
import { useUrlFilters } from '../../lib/use-url-filters';
import { useAudit } from './api/get-audit';
import { auditCsvColumns } from './audit-csv';
import { AuditEntryDetail } from './audit-entry-detail';

const filterNames = ['operator', 'action', 'subject_type', 'subject_id'] as const;
const noFilters = { operator: '', action: '', subject_type: '', subject_id: '' };

export function AuditScreen() {
  const { t } = useTranslation();
  const [filters, setFilters] = useUrlFilters(filterNames);
  const audit = useAudit(filters);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const entries = rowsOf(audit);
  const selected = entries.find((entry) => entry.id === selectedId) ?? null;
  const fields: FilterField[] = [
    { name: 'operator', label: t('audit.operator'), kind: 'text', placeholder: t('audit.operator_placeholder') },
    { name: 'action', label: t('audit.action'), kind: 'text', placeholder: t('audit.action_placeholder') },
    {
      name: 'subject_type',
      label: t('audit.subject_type'),
      kind: 'text',
      placeholder: t('audit.subject_type_placeholder'),
    },
    { name: 'subject_id', label: t('audit.subject_id'), kind: 'text' },
  ];

  return (
    <ListPage
      id="audit"
      title={t('audit.title')}
      lead={t('audit.lead')}
      actions={<ExportButton name="audit" columns={auditCsvColumns} rows={entries} />}
    >
      <FilterBar
        key={JSON.stringify(filters)}
        fields={fields}
        value={filters}
        cleared={noFilters}
        onApply={(next) => {
          setSelectedId(null);
          setFilters(next);
        }}
      />
      <div className={`split${selected ? ' split--open' : ''}`}>
        <PagedTable
          list={audit}
          rows={entries}
          rowKey={(entry) => entry.id}
          selectedKey={selectedId}
          columns={[
            timeColumn(t('audit.time'), (entry: AuditEntry) => entry.created_at),
            addressColumn(t('audit.operator'), (entry: AuditEntry) => entry.operator),
            { header: t('audit.action'), cell: (entry) => <code>{entry.action}</code> },
            {
              header: t('audit.subject'),
              cell: (entry) => (
                <>
                  <span className="muted">{entry.subject_type}</span> <code>{entry.subject_id}</code>
                </>
              ),
            },
            {
              header: t('audit.view'),
              hideHeader: true,
              className: 'table__actions',
              cell: (entry) => (
                <RowButton label={t('audit.view_entry', { id: entry.id })} onClick={() => setSelectedId(entry.id)}>
                  {t('audit.view')}
                </RowButton>
              ),
            },
          ]}
        />
        {selected && <AuditEntryDetail entry={selected} onClose={() => setSelectedId(null)} />}
      </div>
    </ListPage>
  );
}
