import { useTranslation } from 'react-i18next';
import { ListPage } from '../../components/list-page';
import { Tabs } from '../../components/tabs';
import { useOperatorSession } from '../../lib/session-store';
import { useTab } from '../../lib/use-url-filters';
import { LeaderboardTab } from './leaderboard-tab';
import { SettingsTab } from './settings-tab';
import { SummaryTab } from './summary-tab';
import { SupportLinesTab } from './support-lines-tab';
import './wellbeing.css';

const views = ['summary', 'settings', 'leaderboard', 'support_lines'] as const;

/**
 * The well-being ecosystem as operators run it (issue 47): aggregates only — never one person's mood,
 * feelings or note — the rewards budget, the reward rules, the weekly board and the crisis lines.
 */
export function WellbeingScreen() {
  const { t } = useTranslation();
  const role = useOperatorSession().session?.operator.role ?? 'viewer';
  const [view, setView] = useTab(views);
  return (
    <ListPage id="wellbeing" title={t('wellbeing.title')} lead={t('wellbeing.lead')}>
      <Tabs
        label={t('wellbeing.tabs')}
        tabs={views.map((id) => ({ id, label: t(`wellbeing.tab_${id}`) }))}
        active={view}
        onChange={setView}
      >
        {view === 'summary' && <SummaryTab role={role} />}
        {view === 'settings' && <SettingsTab role={role} />}
        {view === 'leaderboard' && <LeaderboardTab role={role} />}
        {view === 'support_lines' && <SupportLinesTab role={role} />}
      </Tabs>
    </ListPage>
  );
}
