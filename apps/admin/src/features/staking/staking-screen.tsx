import { useTranslation } from 'react-i18next';
import { ListPage } from '../../components/list-page';
import { Tabs } from '../../components/tabs';
import { useOperatorSession } from '../../lib/session-store';
import { useTab } from '../../lib/use-url-filters';
import { DistributionsTab } from './distributions-tab';
import { PoolTab } from './pool-tab';
import { SettingsTab } from './settings-tab';
import { StakesTab } from './stakes-tab';
import './staking.css';

const views = ['pool', 'stakes', 'distributions', 'settings'] as const;

/**
 * The emotion staking pool as operators run it (issue 48): what it holds, the stakes in it, each
 * day's distribution, adding to it and its rules — both changes are proposals a second operator approves.
 */
export function StakingScreen() {
  const { t } = useTranslation();
  const role = useOperatorSession().session?.operator.role ?? 'viewer';
  const [view, setView] = useTab(views);
  return (
    <ListPage id="staking" title={t('staking.title')} lead={t('staking.lead')}>
      <Tabs
        label={t('staking.tabs')}
        tabs={views.map((id) => ({ id, label: t(`staking.tab_${id}`) }))}
        active={view}
        onChange={setView}
      >
        {view === 'pool' && <PoolTab role={role} />}
        {view === 'stakes' && <StakesTab />}
        {view === 'distributions' && <DistributionsTab />}
        {view === 'settings' && <SettingsTab role={role} />}
      </Tabs>
    </ListPage>
  );
}
