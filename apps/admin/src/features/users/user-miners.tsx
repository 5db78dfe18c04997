import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { langText, minerStates, type MinerCounts, type MinerState } from '@wallx/shared';
import { QueryError, TableFooter } from '../../components/table-footer';
import { formatTime } from '../../lib/format';
import { useLanguage } from '../../lib/i18n';
import { useUserMiners } from './api/get-user-miners';

export function UserMiners({ id, counts }: { id: string; counts: MinerCounts }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [state, setState] = useState<MinerState | null>(null);
  const miners = useUserMiners(id, state);
  const items = miners.data?.pages.flatMap((page) => page.items) ?? [];
  const total = minerStates.reduce((sum, name) => sum + counts[name], 0);
  return (
    <section aria-label={t('users.tab_miners')}>
      <div className="segmented" role="group" aria-label={t('users.miner_state')}>
        {[null, ...minerStates].map((choice) => (
          <button
            key={choice ?? 'all'}
            type="button"
            className="segmented__option"
            aria-pressed={state === choice}
            onClick={() => setState(choice)}
          >
            {choice ? `${t(`users.miner_${choice}`)} ${counts[choice]}` : `${t('users.any')} ${total}`}
          </button>
        ))}
      </div>
      {miners.isError && <QueryError error={miners.error} retry={() => void miners.refetch()} />}
      <div className="table-scroll">
        <table className="table table--compact">
          <thead>
            <tr>
              <th scope="col">{t('users.machine_no')}</th>
              <th scope="col">{t('users.product')}</th>
              <th scope="col">{t('users.miner_state')}</th>
              <th scope="col" className="num">
                {t('users.output')}
              </th>
              <th scope="col">{t('users.since')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((miner) => (
              <tr key={miner.id}>
                <td>
                  <code>{miner.machine_no}</code>
                </td>
                <td>
                  {langText(miner.product.name, language)}
                  {miner.gift && <span className="badge badge--spaced">{t('users.gift')}</span>}
                </td>
                <td>{t(`users.miner_${miner.state}`)}</td>
                <td className="num nowrap">
                  {miner.days_produced}/{miner.output_days} · {miner.output_total}
                </td>
                <td className="nowrap">{formatTime(miner.activated_at ?? miner.created_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {miners.isPending && <p className="table-message">{t('table.loading')}</p>}
      {miners.isSuccess && items.length === 0 && <p className="table-message">{t('users.no_miners')}</p>}
      <TableFooter
        count={items.length}
        hasNextPage={miners.hasNextPage}
        isFetchingNextPage={miners.isFetchingNextPage}
        fetchNextPage={() => void miners.fetchNextPage()}
      />
    </section>
  );
}
