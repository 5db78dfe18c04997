import { useTranslation } from 'react-i18next';
import { ListPage } from '../../components/list-page';
import { Tabs } from '../../components/tabs';
import { useOperatorSession } from '../../lib/session-store';
import { useTab } from '../../lib/use-url-filters';
import { DepositReportsTable, DepositsTable, WithdrawalsTable } from './money-tables';
import { ProposalsTable } from './proposals-tab';
import { ReportTab } from './report-tab';
import { MoneySettingsTab } from './settings-form';
import { DepositAddressesTab, HotWalletTab, SweepsTab } from './treasury-tabs';
import { UnattributedTab } from './unattributed-tab';
import './money.css';

const views = [
  'withdrawals',
  'proposals',
  'deposits',
  'unattributed',
  'reports',
  'deposit_addresses',
  'sweeps',
  'hot_wallet',
  'settings',
  'report',
] as const;

export function MoneyScreen() {
  const { t } = useTranslation();
  const role = useOperatorSession().session?.operator.role ?? 'viewer';
  const [view, setView] = useTab(views, { former: 'view' });
  return (
    <ListPage id="money" title={t('money.title')} lead={t('money.lead')}>
      <Tabs
        label={t('money.tabs')}
        tabs={views.map((id) => ({ id, label: t(`money.tab_${id}`) }))}
        active={view}
        onChange={setView}
      >
        {view === 'withdrawals' && <WithdrawalsTable />}
        {view === 'proposals' && <ProposalsTable />}
        {view === 'deposits' && <DepositsTable />}
        {view === 'unattributed' && <UnattributedTab />}
        {view === 'reports' && <DepositReportsTable />}
        {view === 'deposit_addresses' && <DepositAddressesTab />}
        {view === 'sweeps' && <SweepsTab />}
        {view === 'hot_wallet' && <HotWalletTab />}
        {view === 'settings' && <MoneySettingsTab role={role} />}
        {view === 'report' && <ReportTab />}
      </Tabs>
    </ListPage>
  );
}
