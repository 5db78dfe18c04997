import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useOperatorSession } from '../../lib/session-store';
import { DepositReportsTable, DepositsTable, WithdrawalsTable } from './money-tables';
import { ReportTab } from './report-tab';
import { MoneySettingsTab } from './settings-form';

const views = ['withdrawals', 'deposits', 'reports', 'settings', 'report'] as const;
type View = (typeof views)[number];

export function MoneyScreen() {
  const { t } = useTranslation();
  const role = useOperatorSession().session?.operator.role ?? 'viewer';
  const [params, setParams] = useSearchParams();
  const asked = params.get('view');
  const view: View = (views as readonly string[]).includes(asked ?? '') ? (asked as View) : 'withdrawals';
  return (
    <section className="list-page" aria-labelledby="money-title">
      <header className="page__header">
        <div>
          <h1 id="money-title">{t('money.title')}</h1>
          <p className="page__lead">{t('money.lead')}</p>
        </div>
      </header>
      <div className="tabs" role="group" aria-label={t('money.tabs')}>
        <div className="segmented">
          {views.map((name) => (
            <button key={name} type="button" className="segmented__option" aria-pressed={view === name} onClick={() => setParams(name === 'withdrawals' ? {} : { view: name })}>
              {t(`money.tab_${name}`)}
            </button>
          ))}
        </div>
      </div>
      {view === 'withdrawals' && <WithdrawalsTable />}
      {view === 'deposits' && <DepositsTable />}
      {view === 'reports' && <DepositReportsTable />}
      {view === 'settings' && <MoneySettingsTab role={role} />}
      {view === 'report' && <ReportTab />}
    </section>
  );
}
