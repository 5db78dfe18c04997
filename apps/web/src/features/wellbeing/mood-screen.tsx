import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError, trendRanges, type CheckinTrends, type TrendRange } from '@wallx/shared';
import { LIST_EMPTY_RING, ListEmpty, ListLoadFailed } from '../../components/list-empty';
import { PageHeader } from '../../components/page-header';
import { SegmentedTabs } from '../../components/segmented-tabs';
import { confirmDialog } from '../../lib/confirm-dialog';
import { showToast } from '../../lib/toast';
import { exportCheckins, useDeleteCheckins, useTrends } from './api/checkins';
import { MoodCalendar } from './mood-calendar';
import { MoodChart } from './mood-chart';
import '../../components/segmented-tabs.css';
import './wellbeing.css';

function Stats({ trends }: { trends: CheckinTrends }) {
  const { t } = useTranslation();
  const stats = [
    { key: 'streak', label: t('mood.streak'), value: t('mood.days', { count: trends.streak }) },
    { key: 'longest', label: t('mood.longest'), value: t('mood.days', { count: trends.longest_streak }) },
    { key: 'average', label: t('mood.average'), value: trends.average ?? '–' },
    { key: 'checked_in', label: t('mood.checked_in'), value: String(trends.checked_in) },
  ];
  return (
    <dl className="card mood-stats">
      {stats.map((stat) => (
        <div key={stat.key} className="mood-stats__item">
          <dt>{stat.label}</dt>
          <dd data-testid={`mood-${stat.key}`}>{stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function TopFeelings({ trends }: { trends: CheckinTrends }) {
  const { t } = useTranslation();
  return (
    <section className="card mood-feelings" aria-labelledby="mood-feelings-title">
      <h2 className="wb-card-title" id="mood-feelings-title">
        {t('mood.top_feelings')}
      </h2>
      {trends.top_feelings.length ? (
        <ol className="mood-feelings__list">
          {trends.top_feelings.map(({ feeling, count }) => (
            <li key={feeling} className="feeling-chip is-static" data-feeling={feeling}>
              {t(`checkins.feeling.${feeling}`)} <span className="mood-feelings__count">×{count}</span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="wb-note">{t('mood.no_feelings')}</p>
      )}
    </section>
  );
}

function EmptyMood() {
  const { t } = useTranslation();
  const art = (
    <>
      <circle cx="60" cy="60" r="24" fill="#182036" stroke={LIST_EMPTY_RING} strokeWidth="3" />
      <path d="M50 66c6 6 14 6 20 0" fill="none" stroke="#6d7794" strokeWidth="3" strokeLinecap="round" />
      <circle cx="52" cy="55" r="2.5" fill="#6d7794" />
      <circle cx="68" cy="55" r="2.5" fill="#6d7794" />
    </>
  );
  return (
    <ListEmpty
      title={t('mood.empty')}
      text={t('mood.empty_text')}
      art={art}
      className="wb-empty"
      action={
        <Link to="/checkin" className="button button--primary">
          {t('mood.check_in')}
        </Link>
      }
    />
  );
}

/** Downloads everything of mine as one JSON file (the server writes it; the browser only saves it). */
async function downloadExport(): Promise<void> {
  const data = await exportCheckins();
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `wallx-wellbeing-${data.exported_at.slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

function MyData() {
  const { t } = useTranslation();
  const remove = useDeleteCheckins();
  const [isExporting, setExporting] = useState(false);
  const fail = (error: unknown) => showToast(error instanceof ApiError ? error.message : t('errors.internal'));

  async function exportData() {
    setExporting(true);
    try {
      await downloadExport();
      showToast(t('mood.exported'), 'success');
    } catch (error) {
      fail(error);
    } finally {
      setExporting(false);
    }
  }

  async function deleteHistory() {
    const isSure = await confirmDialog({
      content: t('mood.delete_confirm'),
      confirmText: t('mood.delete_button'),
      cancelText: t('common.cancel'),
    });
    if (!isSure) return;
    try {
      await remove.mutateAsync();
      showToast(t('mood.deleted'), 'success');
    } catch (error) {
      fail(error);
    }
  }

  return (
    <section className="mood-data">
      <p className="wb-note">{t('mood.privacy')}</p>
      <button
        type="button"
        className="button button--ghost button--block"
        disabled={isExporting}
        aria-busy={isExporting}
        onClick={() => void exportData()}
      >
        {t('mood.export')}
      </button>
      <button
        type="button"
        className="button button--danger button--block"
        disabled={remove.isPending}
        onClick={() => void deleteHistory()}
      >
        {t('mood.delete')}
      </button>
    </section>
  );
}

function TrendsView({ trends }: { trends: CheckinTrends }) {
  const { t } = useTranslation();
  const [month, setMonth] = useState('');
  return (
    <>
      <MoodChart trends={trends} />
      {trends.checked_in === 1 && <p className="wb-note mood-one">{t('mood.one_entry')}</p>}
      <Stats trends={trends} />
      <TopFeelings trends={trends} />
      <MoodCalendar month={month} thisMonth={trends.to.slice(0, 7)} onMonth={setMonth} />
    </>
  );
}

/** /mood: the trend of the last 7, 30 or 90 days, the streaks, the feelings named most and a calendar. */
export function MoodScreen() {
  const { t } = useTranslation();
  const [days, setDays] = useState<TrendRange>(30);
  const trends = useTrends(days);
  const data = trends.data;
  // Nothing checked in in the longest range either: no history at all, whatever the tab.
  const longest = useTrends(90);
  const isEmpty = longest.data?.checked_in === 0;
  return (
    <div className="screen wb-screen">
      <PageHeader title={t('mood.title')} />
      {isEmpty ? (
        <div className="wb-body">
          <EmptyMood />
        </div>
      ) : (
        <>
          <SegmentedTabs
            label={t('mood.range_label')}
            options={trendRanges.map((range) => ({ value: String(range), label: t('mood.range', { days: range }) }))}
            value={String(days)}
            onChange={(value) => setDays(Number(value) as TrendRange)}
          />
          <div className="wb-body">
            {data ? (
              <TrendsView trends={data} />
            ) : trends.isPending ? (
              <div className="card mood-chart" aria-busy="true" aria-label={t('common.loading')}>
                <span className="shimmer wb-skeleton wb-skeleton--block" />
              </div>
            ) : (
              <ListLoadFailed text={t('mood.load_failed')} className="wb-empty" onRetry={() => void trends.refetch()} />
            )}
          </div>
        </>
      )}
      {!longest.isPending && (
        <div className="wb-body">
          <MyData />
        </div>
      )}
    </div>
  );
}
