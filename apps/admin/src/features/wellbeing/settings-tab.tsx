import { useTranslation } from 'react-i18next';
import { LEADERBOARD_PRIZE_PLACES_MAX, roleCan, type CheckinSettings, type OperatorRole } from '@wallx/shared';
import { Field } from '../../components/form-parts';
import { SettingsFooter, SettingsSource, useSettingsProposal } from '../../components/settings-proposal';
import { QueryError } from '../../components/table-footer';
import { useCheckinSettings, useProposeCheckinSettings, useWaitingProposal } from './api/settings';
import { WaitingNote } from './waiting-note';

/** The form's values: numbers are typed as text and sent as numbers (the server names a bad one). */
type Values = {
  checkin_reward: string;
  streak_bonus: string;
  streak_every: string;
  require_holding: boolean;
  prizes: string[];
  low_mood_days: string;
};
const fields = [
  'checkin_reward',
  'streak_bonus',
  'streak_every',
  'require_holding',
  'prizes',
  'low_mood_days',
] as const;
type FieldName = (typeof fields)[number];

const valuesOf = (s: CheckinSettings): Values => ({
  checkin_reward: s.checkin_reward,
  streak_bonus: s.streak_bonus,
  streak_every: String(s.streak_every),
  require_holding: s.require_holding,
  prizes: [...s.prizes],
  low_mood_days: String(s.low_mood_days),
});

/** The reward rules in force, the change waiting if any, and (for finance) the form that proposes one. */
export function SettingsTab({ role }: { role: OperatorRole }) {
  const settings = useCheckinSettings();
  if (settings.isError) return <QueryError error={settings.error} retry={() => void settings.refetch()} />;
  if (!settings.data) return null;
  return (
    <SettingsForm
      key={settings.data.version}
      settings={settings.data}
      canEdit={roleCan(role, 'money')}
      role={role}
      reload={() => void settings.refetch()}
    />
  );
}

type FormProps = { settings: CheckinSettings; canEdit: boolean; role: OperatorRole; reload: () => void };

function SettingsForm({ settings, canEdit, role, reload }: FormProps) {
  const { t } = useTranslation();
  const waiting = useWaitingProposal('checkin_settings');
  const proposal = useSettingsProposal({
    settings,
    valuesOf,
    fields,
    proposer: useProposeCheckinSettings(),
    requestOf: (sent: Values, version) => ({
      version,
      checkin_reward: sent.checkin_reward,
      streak_bonus: sent.streak_bonus,
      streak_every: Number(sent.streak_every),
      require_holding: sent.require_holding,
      prizes: sent.prizes,
      low_mood_days: Number(sent.low_mood_days),
    }),
    onProposed: () => void waiting.refetch(),
  });
  const { form } = proposal;
  const { values, errors } = form;

  const text = (name: Exclude<FieldName, 'require_holding' | 'prizes'>, hint?: string) => (
    <Field label={t(`wellbeing.${name}`)} error={errors[name]}>
      <input
        className="input"
        name={name}
        value={values[name]}
        inputMode={name.endsWith('_days') || name === 'streak_every' ? 'numeric' : 'decimal'}
        readOnly={!canEdit}
        aria-invalid={errors[name] ? true : undefined}
        onChange={(event) => form.set(name, event.target.value.trim())}
      />
      {hint && !errors[name] && <span className="muted field__hint">{hint}</span>}
    </Field>
  );
  const setPrize = (index: number, value: string) =>
    form.set(
      'prizes',
      values.prizes.map((prize, i) => (i === index ? value : prize)),
    );

  return (
    <form className="settings" onSubmit={proposal.submit} noValidate aria-label={t('wellbeing.tab_settings')}>
      <p className="page__lead tab-lead">{t('wellbeing.settings_lead')}</p>
      <SettingsSource settings={settings} section="wellbeing" />
      {waiting.data && <WaitingNote proposal={waiting.data} />}
      {!canEdit && <p className="notice notice--info">{t('wellbeing.read_only', { role: t(`roles.${role}`) })}</p>}
      <div className="settings__grid">
        <fieldset className="panel settings__group">
          <legend>{t('wellbeing.rewards_group')}</legend>
          {text('checkin_reward')}
          {text('streak_bonus')}
          {text('streak_every')}
          <label className="checkbox">
            <input
              type="checkbox"
              name="require_holding"
              checked={values.require_holding}
              disabled={!canEdit}
              onChange={(event) => form.set('require_holding', event.target.checked)}
            />{' '}
            {t('wellbeing.require_holding')}
          </label>
          {text('low_mood_days', t('wellbeing.low_mood_days_hint'))}
        </fieldset>
        <fieldset className="panel settings__group" aria-describedby="prizes-hint">
          <legend>{t('wellbeing.prizes')}</legend>
          <p id="prizes-hint" className="muted">
            {t('wellbeing.prizes_hint', { max: LEADERBOARD_PRIZE_PLACES_MAX })}
          </p>
          <ol className="prize-list">
            {values.prizes.map((prize, index) => (
              <li key={index}>
                <input
                  className="input"
                  name={`prizes.${index}`}
                  aria-label={t('wellbeing.prize_place', { place: index + 1 })}
                  value={prize}
                  inputMode="decimal"
                  readOnly={!canEdit}
                  onChange={(event) => setPrize(index, event.target.value.trim())}
                />
                {canEdit && (
                  <button
                    type="button"
                    className="button button--small"
                    onClick={() =>
                      form.set(
                        'prizes',
                        values.prizes.filter((_, i) => i !== index),
                      )
                    }
                  >
                    {t('wellbeing.prize_remove', { place: index + 1 })}
                  </button>
                )}
              </li>
            ))}
          </ol>
          {errors.prizes && (
            <p className="field__error" role="alert">
              {errors.prizes}
            </p>
          )}
          {canEdit && (
            <button
              type="button"
              className="button button--small"
              disabled={values.prizes.length >= LEADERBOARD_PRIZE_PLACES_MAX}
              onClick={() => form.set('prizes', [...values.prizes, '0'])}
            >
              {t('wellbeing.prize_add')}
            </button>
          )}
        </fieldset>
      </div>
      <SettingsFooter
        done={proposal.isProposed && t('wellbeing.settings_proposed')}
        error={errors.form}
        reload={proposal.isStale && { label: t('wellbeing.reload'), onClick: reload }}
        submit={canEdit && { label: t('wellbeing.settings_submit'), busy: proposal.busy }}
      />
    </form>
  );
}
