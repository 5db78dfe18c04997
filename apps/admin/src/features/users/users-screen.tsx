import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { shortAddress } from '@wallx/shared';
import { ExportButton } from '../../components/export-button';
import { QueryError, TableFooter } from '../../components/table-footer';
import { formatTime } from '../../lib/format';
import { useOperatorSession } from '../../lib/session-store';
import { useUsers, type UserFilters } from './api/get-users';
import { UserDetail } from './user-detail';
import { UserFiltersForm } from './users-filters';
import { usersCsvColumns } from './users-csv';

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
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

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
    <section className="list-page" aria-labelledby="users-title">
      <header className="page__header">
        <div>
          <h1 id="users-title">{t('users.title')}</h1>
          <p className="page__lead">{t('users.lead')}</p>
        </div>
        <ExportButton name="users" columns={usersCsvColumns} rows={items} />
      </header>
      <UserFiltersForm key={`${filters.q}|${filters.frozen}|${filters.validator}`} value={filters} onApply={apply} />
      <div className={`split${selectedId ? ' split--open' : ''}`}>
        <div className="panel table-panel">
          {list.isError && <QueryError error={list.error} retry={() => void list.refetch()} />}
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t('users.joined')}</th>
                <th scope="col">{t('users.address')}</th>
                <th scope="col">{t('users.share_code')}</th>
                {/* With the detail open, the inviter is read there: the table keeps its room. */}
                {!selectedId && <th scope="col">{t('users.inviter')}</th>}
                <th scope="col">{t('users.state')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('users.open')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((user) => {
                const isSelected = user.id === selectedId;
                return (
                  <tr key={user.id} aria-selected={isSelected} className={isSelected ? 'is-selected' : undefined}>
                    <td className="nowrap">{formatTime(user.created_at)}</td>
                    <td>
                      <code title={user.address}>{shortAddress(user.address, 12)}</code>
                    </td>
                    <td>
                      <code>{user.share_code}</code>
                    </td>
                    {!selectedId && (
                      <td>
                        {user.inviter ? (
                          <code title={user.inviter}>{shortAddress(user.inviter, 12)}</code>
                        ) : (
                          <span className="muted">—</span>
                        )}
                      </td>
                    )}
                    <td className="nowrap">
                      <span className={`status status--${user.is_frozen ? 'frozen' : 'active'}`}>
                        {user.is_frozen ? t('users.frozen') : t('users.active')}
                      </span>
                      {user.is_validator && <span className="badge badge--spaced">{t('users.validator')}</span>}
                    </td>
                    <td className="table__actions">
                      <button
                        type="button"
                        className="button button--small"
                        aria-label={t('users.open_user', { address: user.address })}
                        onClick={() => select(user.id)}
                      >
                        {t('users.open')}
                      </button>
                    </td>
                  </tr>
                );
              })}
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
        {selectedId ? <UserDetail key={selectedId} id={selectedId} role={role} onClose={() => select(null)} /> : null}
      </div>
    </section>
  );
}
