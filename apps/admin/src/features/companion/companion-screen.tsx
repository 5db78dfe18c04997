import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, roleCan, type CompanionSettings, type CompanionSummary, type OperatorRole } from '@wallx/shared';
import { DataTable } from '../../components/data-table';
import { DayRangeFilter, useDayRange } from '../../components/day-range';
import { Fact } from '../../components/fact';
import { Field } from '../../components/form-parts';
import { ListPage } from '../../components/list-page';
import { SettingsFooter } from '../../components/settings-proposal';
import { QueryError } from '../../components/table-footer';
import { formatTime } from '../../lib/format';
import { useOperatorSession } from '../../lib/session-store';
import { useForm } from '../../lib/use-form';
import { useCompanionSettings, useSaveCompanionSettings, useCompanionSummary } from './api/companion';
import './companion.css';

type Day = CompanionSummary['days'][number];

/** What a day cost, in tokens: what the model server reported, and what was estimated where it reported none. */
const tokensOf = (day: Day) => day.prompt_tokens + day.completion_tokens + day.estimated_tokens;
const formatNumber = (value: number, language: string) =>
  new Intl.NumberFormat(language.replace('_', '-')).format(value);

/**
 * The AI companion as operators run it (issue 49): per day, how many messages, answers, errors and
 * crisis flags (withheld on a day fewer than 20 people wrote), the tokens spent against the budget,
 * and the allowance and budget themselves. Never a word of a conversation: no route gives one.
 */
export function CompanionScreen() {
  const { t } = useTranslation();
  const role = useOperatorSession().session?.operator.role ?? 'viewer';
  // No range in the address: the server picks the last 7 days up to today in its zone.
  const range = useDayRange();
  const summary = useCompanionSummary(range.asked);
  // Today's spend is read from the default range (today is its newest day), whatever range the table shows.
  const recent = useCompanionSummary({});
  const settings = useCompanionSettings();
  // The version this operator saved: the form is drawn anew for each version, and says it was theirs.
  const [savedVersion, setSavedVersion] = useState<number | null>(null);
  const shown = range.shown(summary.data);

  return (
    <ListPage id="companion" title={t('companion.title')} lead={t('companion.lead')}>
      {recent.data && settings.data && <StatusPanel summary={recent.data} settings={settings.data} />}
      <p className="page__lead tab-lead">
        {t('companion.days_lead', { zone: summary.data?.time_zone ?? '…', min: summary.data?.min_people ?? 20 })}
      </p>
      <div className="toolbar">
        <DayRangeFilter
          shown={shown}
          labels={{ from: t('companion.range_from'), to: t('companion.range_to'), show: t('companion.show') }}
          onEdit={range.edit}
          onSubmit={() => range.apply(shown)}
        />
      </div>
      {summary.isError && <QueryError error={summary.error} retry={() => void summary.refetch()} />}
      {summary.isPending && <p className="table-message">{t('table.loading')}</p>}
      {summary.data && (
        <section className="panel companion__panel" aria-labelledby="companion-days-title">
          <h2 id="companion-days-title">{t('companion.days_title')}</h2>
          <DaysTable summary={summary.data} budget={settings.data?.daily_token_budget ?? null} />
        </section>
      )}
      {settings.isError && <QueryError error={settings.error} retry={() => void settings.refetch()} />}
      {settings.data && (
        <SettingsForm
          key={settings.data.version}
          settings={settings.data}
          role={role}
          isSaved={savedVersion === settings.data.version}
          onSaved={setSavedVersion}
          reload={() => void settings.refetch()}
        />
      )}
    </ListPage>
  );
}

/** Whether a model is configured, which, and today's tokens against the budget. */
function StatusPanel({ summary, settings }: { summary: CompanionSummary; settings: CompanionSettings }) {
  const { t, i18n } = useTranslation();
  const today = summary.days.find((day) => day.day === summary.to);
  const spent = today ? tokensOf(today) : 0;
  const budget = settings.daily_token_budget;
  const share = budget > 0 ? Math.min(100, Math.round((spent / budget) * 100)) : 100;
  const n = (value: number) => formatNumber(value, i18n.language);
  return (
    <section className="panel companion__panel companion__status" aria-labelledby="companion-status-title">
      <h2 id="companion-status-title">{t('companion.status_title')}</h2>
      {!summary.configured && (
        <p className="notice notice--info" data-testid="companion-not-configured">
          {t('companion.not_configured')}
        </p>
      )}
      <dl className="facts">
        <Fact label={t('companion.model')}>{summary.model ?? t('companion.model_none')}</Fact>
        <Fact label={t('companion.conversations')}>{n(summary.conversations)}</Fact>
        <Fact label={t('companion.spent_today', { day: summary.to })}>
          {t('companion.spent_of', { spent: n(spent), budget: n(budget), share })}
        </Fact>
      </dl>
      <div
        className="companion__meter"
        role="meter"
        aria-label={t('companion.spent_today', { day: summary.to })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={share}
        aria-valuetext={t('companion.spent_of', { spent: n(spent), budget: n(budget), share })}
        data-full={share >= 100 || undefined}
      >
        <span style={{ width: `${share}%` }} />
      </div>
      {today && today.estimated_tokens > 0 && <p className="muted">{t('companion.estimated_note')}</p>}
    </section>
  );
}

/** Every day as text, newest first: its counts (withheld on a day few wrote) and its tokens. */
function DaysTable({ summary, budget }: { summary: CompanionSummary; budget: number | null }) {
  const { t, i18n } = useTranslation();
  const n = (value: number) => formatNumber(value, i18n.language);
  const hidden = <span className="muted">{t('companion.fewer_than', { min: summary.min_people })}</span>;
  const count = (value: number | null) => (value === null ? hidden : n(value));
  return (
    <div className="table-scroll">
      <DataTable
        rows={summary.days}
        rowKey={(row) => row.day}
        compact
        columns={[
          { header: t('companion.day'), className: 'nowrap', cell: (row) => row.day },
          { header: t('companion.messages'), num: true, cell: (row) => count(row.messages) },
          { header: t('companion.answers'), num: true, cell: (row) => count(row.answers) },
          { header: t('companion.errors'), num: true, cell: (row) => count(row.errors) },
          { header: t('companion.crisis'), num: true, cell: (row) => count(row.crisis) },
          {
            header: t('companion.tokens'),
            num: true,
            cell: (row) => (
              <>
                {n(tokensOf(row))}
                {row.estimated_tokens > 0 && (
                  <span className="muted"> {t('companion.tokens_estimated', { tokens: n(row.estimated_tokens) })}</span>
                )}
              </>
            ),
          },
          {
            header: t('companion.of_budget'),
            num: true,
            cell: (row) => (budget ? `${Math.round((tokensOf(row) / budget) * 100)} %` : '—'),
          },
        ]}
      />
    </div>
  );
}

type Values = { daily_messages: string; daily_token_budget: string };
const fields = ['daily_messages', 'daily_token_budget'] as const;
type FieldName = (typeof fields)[number];
const valuesOf = (s: CompanionSettings): Values => ({
  daily_messages: String(s.daily_messages),
  daily_token_budget: String(s.daily_token_budget),
});

type FormProps = {
  settings: CompanionSettings;
  role: OperatorRole;
  isSaved: boolean;
  onSaved: (version: number) => void;
  reload: () => void;
};

/** The allowance and the budget: finance changes them on the version it read, in force at once, audited. */
function SettingsForm({ settings, role, isSaved, onSaved, reload }: FormProps) {
  const { t } = useTranslation();
  const canEdit = roleCan(role, 'money');
  const save = useSaveCompanionSettings();
  const form = useForm<Values, FieldName>({ initial: () => valuesOf(settings), fields });
  const [isStale, setStale] = useState(false);
  const { values, errors } = form;

  const submit = form.onSubmit((sent) => {
    setStale(false);
    // The promise, not mutate's callbacks: a save refetches the settings, and the form drawn for the
    // new version replaces this one, often before those callbacks would run (they never run then).
    void save
      .mutateAsync({
        version: settings.version,
        // Typed as text, sent as numbers: a value that is not one is the server's to name (the field's error).
        daily_messages: Number(sent.daily_messages),
        daily_token_budget: Number(sent.daily_token_budget),
      })
      .then(
        (saved) => onSaved(saved.version),
        (error: Error) => {
          form.refuseWith(error);
          setStale(error instanceof ApiError && error.field === 'version');
        },
      );
  });

  const input = (name: FieldName, hint: string) => (
    <Field label={t(`companion.${name}`)} error={errors[name]}>
      <input
        className="input"
        name={name}
        value={values[name]}
        inputMode="numeric"
        readOnly={!canEdit}
        aria-invalid={errors[name] ? true : undefined}
        onChange={(event) => form.set(name, event.target.value.trim())}
      />
      {!errors[name] && <span className="muted field__hint">{hint}</span>}
    </Field>
  );

  return (
    <form
      className="panel companion__panel companion__settings"
      onSubmit={submit}
      noValidate
      aria-labelledby="companion-settings-title"
    >
      <h2 id="companion-settings-title">{t('companion.settings_title')}</h2>
      <p className="muted">{t('companion.settings_lead')}</p>
      <p className="muted" data-testid="companion-settings-source">
        {settings.version === 0
          ? t('companion.settings_defaults')
          : t('companion.settings_changed', {
              version: settings.version,
              operator: settings.updated_by ?? '',
              time: formatTime(settings.updated_at),
            })}
      </p>
      {!canEdit && <p className="notice notice--info">{t('companion.read_only', { role: t(`roles.${role}`) })}</p>}
      <div className="companion__fields">
        {input('daily_messages', t('companion.daily_messages_hint'))}
        {input('daily_token_budget', t('companion.daily_token_budget_hint'))}
      </div>
      <SettingsFooter
        done={isSaved && t('companion.saved')}
        error={errors.form}
        reload={isStale && { label: t('companion.reload'), onClick: reload }}
        submit={canEdit && { label: t('companion.save'), busy: save.isPending }}
      />
    </form>
  );
}
