import { useTranslation } from 'react-i18next';
import { Tabs } from '../../components/tabs';
import { useOperatorSession } from '../../lib/session-store';
import { useTab } from '../../lib/use-url-filters';
import { DepositReportsTable, DepositsTable, ProposalsTable, WithdrawalsTable } from './money-tables';
import { ReportTab } from './report-tab';
import { MoneySettingsTab } from './settings-form';
import { UnattributedTab } from './unattributed-tab';

const views = ['withdrawals', 'proposals', 'deposits', 'unattributed', 'reports', 'settings', 'report'] as const;

export function MoneyScreen() {
  const { t } = useTranslation();
  const role = useOperatorSession().session?.operator.role ?? 'viewer';
  const [view, setView] = useTab(views, { former: 'view' });
  return (
    <section className="list-page" aria-labelledby="money-title">
      <header className="page__header">
        <div>
          <h1 id="money-title">{t('money.title')}</h1>
          <p className="page__lead">{t('money.lead')}</p>
        </div>
      </header>
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
        {view === 'settings' && <MoneySettingsTab role={role} />}
        {view === 'report' && <ReportTab />}
      </Tabs>
    </section>
  );
}
