import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { OperatorUser } from '@wallx/shared';
import { ExportButton } from '../../components/export-button';
import { ListPage } from '../../components/list-page';
import { addressColumn, PagedTable, RowButton, timeColumn } from '../../components/paged-table';
import { rowsOf } from '../../lib/paged-query';
import { useOperatorSession } from '../../lib/session-store';
import { useUsers, type UserFilters } from './api/get-users';
import { UserDetail } from './user-detail';
import { UserFiltersForm } from './users-filters';
import { usersCsvColumns } from './users-csv';
import './users.css';

const flagOf = (value: string | null): UserFilters['frozen'] => (value === 'true' || value === 'false' ? value : '');

/** The filters and the open user live in the address: a view can be reloaded and passed to a colleague. */
function filtersOf(params: URLSearchParams): UserFilters {
  return { q: params.get('q') ?? '', frozen: flagOf(params.get('frozen')), validator: flagOf(params.get('validator')) };
}

export function UsersScreen() {
  const { t } = useTranslation();
  const role = useOperatorSession().session?.operator.role ?? 'viewer';
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const list = useUsers(filters);
  const selectedId = params.get('user');
  const items = rowsOf(list);

  function apply(next: UserFilters) {
    setParams(Object.fromEntries(Object.entries(next).filter(([, value]) => value !== '')));
  }
  function select(id: string | null) {
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set('user', id);
      else next.delete('user');
      return next;
    });
  }

  return (
    <ListPage
      id="users"
      title={t('users.title')}
      lead={t('users.lead')}
      actions={<ExportButton name="users" columns={usersCsvColumns} rows={items} />}
    >
      <UserFiltersForm key={`${filters.q}|${filters.frozen}|${filters.validator}`} value={filters} onApply={apply} />
      <div className={`split${selectedId ? ' split--open' : ''}`}>
        <PagedTable
          list={list}
          rows={items}
          rowKey={(user) => user.id}
          selectedKey={selectedId}
          columns={[
            timeColumn(t('users.joined'), (user: OperatorUser) => user.created_at),
            addressColumn(t('users.address'), (user: OperatorUser) => user.address),
            { header: t('users.share_code'), cell: (user) => <code>{user.share_code}</code> },
            // With the detail open, the inviter is read there: the table keeps its room.
            !selectedId && addressColumn(t('users.inviter'), (user: OperatorUser) => user.inviter),
            {
              header: t('users.state'),
              className: 'nowrap',
              cell: (user) => (
                <>
                  <span className={`status status--${user.is_frozen ? 'frozen' : 'active'}`}>
                    {user.is_frozen ? t('users.frozen') : t('users.active')}
                  </span>
                  {user.is_validator && <span className="badge badge--spaced">{t('users.validator')}</span>}
                </>
              ),
            },
            {
              header: t('users.open'),
              hideHeader: true,
              className: 'table__actions',
              cell: (user) => (
                <RowButton label={t('users.open_user', { address: user.address })} onClick={() => select(user.id)}>
                  {t('users.open')}
                </RowButton>
              ),
            },
          ]}
        />
        {selectedId ? <UserDetail key={selectedId} id={selectedId} role={role} onClose={() => select(null)} /> : null}
      </div>
    </ListPage>
  );
}
