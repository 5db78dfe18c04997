import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { langText, minerStates, type MinerCounts, type MinerState } from '@wallx/shared';
import { PagedTable } from '../../components/paged-table';
import { formatTime } from '../../lib/format';
import { useLanguage } from '../../lib/i18n';
import { rowsOf } from '../../lib/paged-query';
import { useUserMiners } from './api/get-user-miners';
import { Segmented } from '../../components/segmented';

export function UserMiners({ id, counts }: { id: string; counts: MinerCounts }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [state, setState] = useState<MinerState | null>(null);
  const miners = useUserMiners(id, state);
  const items = rowsOf(miners);
  const total = minerStates.reduce((sum, name) => sum + counts[name], 0);
  return (
    <section aria-label={t('users.tab_miners')}>
      <Segmented
        label={t('users.miner_state')}
        options={[null, ...minerStates].map((choice) => ({
          value: choice,
          label: choice ? `${t(`users.miner_${choice}`)} ${counts[choice]}` : `${t('users.any')} ${total}`,
        }))}
        value={state}
        onChange={setState}
      />
      <PagedTable
        nested
        list={miners}
        rows={items}
        rowKey={(miner) => miner.id}
        empty={t('users.no_miners')}
        columns={[
          { header: t('users.machine_no'), cell: (miner) => <code>{miner.machine_no}</code> },
          {
            header: t('users.product'),
            cell: (miner) => (
              <>
                {langText(miner.product.name, language)}
                {miner.gift && <span className="badge badge--spaced">{t('users.gift')}</span>}
              </>
            ),
          },
          { header: t('users.miner_state'), cell: (miner) => t(`users.miner_${miner.state}`) },
          {
            header: t('users.output'),
            num: true,
            className: 'nowrap',
            cell: (miner) => `${miner.days_produced}/${miner.output_days} · ${miner.output_total}`,
          },
          {
            header: t('users.since'),
            className: 'nowrap',
            cell: (miner) => formatTime(miner.activated_at ?? miner.created_at),
          },
        ]}
      />
    </section>
  );
}
