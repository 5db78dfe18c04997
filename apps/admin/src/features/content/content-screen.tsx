import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { roleCan } from '@wallx/shared';
import { DetailPanel } from '../../components/detail-panel';
import { ExportButton } from '../../components/export-button';
import { ListPage } from '../../components/list-page';
import { RowButton } from '../../components/paged-table';
import { Tabs } from '../../components/tabs';
import { QueryError } from '../../components/table-footer';
import { useLanguage } from '../../lib/i18n';
import { useOperatorSession } from '../../lib/session-store';
import { useTab } from '../../lib/use-url-filters';
import { useChangeContent, useContent } from './api/content';
import { contentCsvColumns } from './content-csv';
import { ContentEditor } from './content-editor';
import { contentKinds, keyOf, kindSpecs, type ContentItem, type ContentKind } from './kinds';
import './content.css';
import { ErrorNotice } from '../../components/form-parts';

/** The panel: a new item's form, or an item of the table by its key. */
type Selection = { kind: 'new' } | { kind: 'item'; key: string };

/** A row's buttons: a place up or down, and publish or unpublish. */
function OrderActions({
  title,
  isPublished,
  isFirst,
  isLast,
  isPending,
  onMove,
  onPublish,
}: {
  title: string;
  isPublished: boolean;
  isFirst: boolean;
  isLast: boolean;
  isPending: boolean;
  onMove: (by: -1 | 1) => void;
  onPublish: () => void;
}) {
  const { t } = useTranslation();
  return (
    <td className="table__actions nowrap">
      <button
        type="button"
        className="button button--small button--ghost"
        disabled={isFirst || isPending}
        aria-label={t('content.move_up', { title })}
        onClick={() => onMove(-1)}
      >
        ↑
      </button>
      <button
        type="button"
        className="button button--small button--ghost"
        disabled={isLast || isPending}
        aria-label={t('content.move_down', { title })}
        onClick={() => onMove(1)}
      >
        ↓
      </button>
      <button
        type="button"
        className="button button--small"
        disabled={isPending}
        aria-label={t(isPublished ? 'content.unpublish_item' : 'content.publish_item', { title })}
        onClick={onPublish}
      >
        {t(isPublished ? 'content.unpublish' : 'content.publish')}
      </button>
    </td>
  );
}

function KindTab({ kind }: { kind: ContentKind }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const role = useOperatorSession().session?.operator.role ?? 'viewer';
  const canEdit = roleCan(role, 'support');
  const list = useContent(kind);
  const change = useChangeContent(kind);
  const [selection, setSelection] = useState<Selection | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const items = list.data ?? [];
  const spec = kindSpecs[kind];
  const selected = selection?.kind === 'item' ? items.find((item) => keyOf(kind, item) === selection.key) : undefined;
  const titleOf = (item: ContentItem) => spec.titleOf(item, language) || keyOf(kind, item);

  function run(action: Parameters<typeof change.mutate>[0]) {
    setActionError(null);
    change.mutate(action, { onError: (error) => setActionError(error.message) });
  }

  /** The whole order with one item moved a place: the endpoint takes every item of the kind (decision 52). */
  function move(index: number, by: -1 | 1) {
    const keys = items.map((item) => keyOf(kind, item));
    const [moved] = keys.splice(index, 1);
    keys.splice(index + by, 0, moved!);
    run({ action: 'order', keys });
  }

  return (
    <>
      <div className="filters filters--bar">
        <p className="muted">{t(`content.lead_${kind}`)}</p>
        <span className="filters__spacer" />
        {canEdit && (
          <button type="button" className="button button--primary" onClick={() => setSelection({ kind: 'new' })}>
            {t('content.new_item')}
          </button>
        )}
        <ExportButton name={`content-${kind}`} columns={contentCsvColumns(kind)} rows={items} />
      </div>
      <ErrorNotice>{actionError}</ErrorNotice>
      <div className={`split${selection ? ' split--open' : ''}`}>
        <div className="panel table-panel">
          {list.isError && <QueryError error={list.error} retry={() => void list.refetch()} />}
          <table className="table">
            <thead>
              <tr>
                <th scope="col" className="table__narrow">
                  {t('content.position')}
                </th>
                <th scope="col">{t('content.item')}</th>
                <th scope="col">{t('content.state')}</th>
                {canEdit && (
                  <th scope="col" className="table__actions">
                    {t('content.actions')}
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {items.map((item, index) => {
                const key = keyOf(kind, item);
                const title = titleOf(item);
                const isSelected = selected !== undefined && keyOf(kind, selected) === key;
                return (
                  <tr
                    key={key}
                    aria-selected={isSelected}
                    className={isSelected ? 'is-selected' : undefined}
                    data-key={key}
                  >
                    <td className="table__narrow muted">{index + 1}</td>
                    <td className="table__title">
                      <RowButton
                        link
                        label={t('content.open_item', { title })}
                        onClick={() => setSelection({ kind: 'item', key })}
                      >
                        {title}
                      </RowButton>
                      {kind === 'articles' && <div className="muted small">{key}</div>}
                    </td>
                    <td>
                      <span className={`status status--${item.published ? 'published' : 'draft'}`}>
                        {t(item.published ? 'content.published' : 'content.draft')}
                      </span>
                    </td>
                    {canEdit && (
                      <OrderActions
                        title={title}
                        isPublished={item.published}
                        isFirst={index === 0}
                        isLast={index === items.length - 1}
                        isPending={change.isPending}
                        onMove={(by) => move(index, by)}
                        onPublish={() => run({ action: item.published ? 'unpublish' : 'publish', key })}
                      />
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
          {list.isPending && <p className="table-message">{t('table.loading')}</p>}
          {list.isSuccess && items.length === 0 && <p className="table-message">{t('content.none')}</p>}
          <div className="table-footer">
            <span className="muted" aria-live="polite">
              {t('table.rows', { count: items.length })}
            </span>
          </div>
        </div>
        {selection?.kind === 'new' && (
          <DetailPanel title={t('content.new_item')} onClose={() => setSelection(null)}>
            <ContentEditor
              kind={kind}
              item={null}
              onSaved={(key) => key && setSelection({ kind: 'item', key })}
              onDeleted={() => setSelection(null)}
            />
          </DetailPanel>
        )}
        {selected && (
          <DetailPanel title={titleOf(selected)} onClose={() => setSelection(null)}>
            {canEdit ? (
              <ContentEditor
                key={keyOf(kind, selected)}
                kind={kind}
                item={selected}
                onSaved={() => undefined}
                onDeleted={() => setSelection(null)}
              />
            ) : (
              <>
                <p className="notice notice--info">{t('content.cannot_edit', { role: t(`roles.${role}`) })}</p>
                <pre className="json">{JSON.stringify(selected, null, 2)}</pre>
              </>
            )}
          </DetailPanel>
        )}
      </div>
    </>
  );
}

export function ContentScreen() {
  const { t } = useTranslation();
  const [kind, setKind] = useTab(contentKinds, { former: 'kind' });
  return (
    <ListPage id="content" title={t('content.title')} lead={t('content.lead')}>
      <Tabs
        label={t('content.title')}
        tabs={contentKinds.map((id) => ({ id, label: t(`content.kind_${id}`) }))}
        active={kind}
        onChange={setKind}
      >
        <KindTab key={kind} kind={kind} />
      </Tabs>
    </ListPage>
  );
}
