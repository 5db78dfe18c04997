import { useTranslation } from 'react-i18next';
import { ListPage } from '../../components/list-page';
import { Tabs } from '../../components/tabs';
import { useOperatorSession } from '../../lib/session-store';
import { useTab } from '../../lib/use-url-filters';
import { FundTab } from './fund-tab';
import { GrantsTab } from './grants-tab';
import { PartnersTab } from './partners-tab';
import './aid-fund.css';

const views = ['fund', 'grants', 'partners'] as const;

/**
 * The mental-health aid fund as operators run it (issue 48, decision 147): what it holds and what
 * went in and out, the donations, the grants (each proposed by one finance operator and approved by
 * another, then paid on chain) and the partner organisations grants go to.
 */
export function AidFundScreen() {
  const { t } = useTranslation();
  const role = useOperatorSession().session?.operator.role ?? 'viewer';
  const [view, setView] = useTab(views);
  return (
    <ListPage id="aid-fund" title={t('aid_fund.title')} lead={t('aid_fund.lead')}>
      <Tabs
        label={t('aid_fund.tabs')}
        tabs={views.map((id) => ({ id, label: t(`aid_fund.tab_${id}`) }))}
        active={view}
        onChange={setView}
      >
        {view === 'fund' && <FundTab />}
        {view === 'grants' && <GrantsTab role={role} />}
        {view === 'partners' && <PartnersTab role={role} />}
      </Tabs>
    </ListPage>
  );
}
