import { useTranslation } from 'react-i18next';
import { roleCan, stakeTerms, type OperatorRole, type StakingSettings } from '@wallx/shared';
import { Field } from '../../components/form-parts';
import { SettingsFooter, SettingsSource, useSettingsProposal } from '../../components/settings-proposal';
import { QueryError } from '../../components/table-footer';
import { useProposeStakingSettings, useStakingSettings, useWaitingProposal } from './api/pool';
import { WaitingNote } from './waiting-note';

const weightFields = stakeTerms.map((term) => `term_weights.${term}` as const);
const shareFields = ['fee_share', 'aid_share', 'checkin_boost', 'min_stake'] as const;
const fields = [...weightFields, ...shareFields] as const;
type FieldName = (typeof fields)[number];
/** The form's values, named as the server names a refused one (`term_weights.d30`): every value is a decimal string. */
type Values = Record<FieldName, string>;

const valuesOf = (s: StakingSettings): Values => ({
  'term_weights.flexible': s.term_weights.flexible,
  'term_weights.d30': s.term_weights.d30,
  'term_weights.d90': s.term_weights.d90,
  'term_weights.d180': s.term_weights.d180,
  fee_share: s.fee_share,
  aid_share: s.aid_share,
  checkin_boost: s.checkin_boost,
  min_stake: s.min_stake,
});

/** The pool's rules in force, the change waiting if any, and (for finance) the form that proposes one. */
export function SettingsTab({ role }: { role: OperatorRole }) {
  const settings = useStakingSettings();
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

type FormProps = { settings: StakingSettings; canEdit: boolean; role: OperatorRole; reload: () => void };

function SettingsForm({ settings, canEdit, role, reload }: FormProps) {
  const { t } = useTranslation();
  const waiting = useWaitingProposal('staking_settings');
  const proposal = useSettingsProposal({
    settings,
    valuesOf,
    fields,
    proposer: useProposeStakingSettings(),
    requestOf: (sent: Values, version) => ({
      version,
      term_weights: {
        flexible: sent['term_weights.flexible'],
        d30: sent['term_weights.d30'],
        d90: sent['term_weights.d90'],
        d180: sent['term_weights.d180'],
      },
      fee_share: sent.fee_share,
      aid_share: sent.aid_share,
      checkin_boost: sent.checkin_boost,
      min_stake: sent.min_stake,
    }),
    onProposed: () => void waiting.refetch(),
  });
  const { form } = proposal;
  const { values, errors } = form;

  const input = (name: FieldName, label: string, hint?: string) => (
    <Field key={name} label={label} error={errors[name]}>
      <input
        className="input"
        name={name}
        value={values[name]}
        inputMode="decimal"
        readOnly={!canEdit}
        aria-invalid={errors[name] ? true : undefined}
        onChange={(event) => form.set(name, event.target.value.trim())}
      />
      {hint && !errors[name] && <span className="muted field__hint">{hint}</span>}
    </Field>
  );

  return (
    <form className="settings" onSubmit={proposal.submit} noValidate aria-label={t('staking.tab_settings')}>
      <p className="page__lead tab-lead">{t('staking.settings_lead')}</p>
      <SettingsSource settings={settings} section="staking" />
      {waiting.data && <WaitingNote proposal={waiting.data} />}
      {!canEdit && <p className="notice notice--info">{t('staking.read_only', { role: t(`roles.${role}`) })}</p>}
      <div className="settings__grid">
        <fieldset className="panel settings__group">
          <legend>{t('staking.weights_group')}</legend>
          <p className="muted">{t('staking.weights_hint')}</p>
          {stakeTerms.map((term) => input(`term_weights.${term}`, t(`staking.term_${term}`)))}
        </fieldset>
        <fieldset className="panel settings__group">
          <legend>{t('staking.shares_group')}</legend>
          {input('fee_share', t('staking.fee_share'), t('staking.fee_share_hint'))}
          {input('aid_share', t('staking.aid_share'), t('staking.aid_share_hint'))}
          {input('checkin_boost', t('staking.checkin_boost'), t('staking.checkin_boost_hint'))}
          {input('min_stake', t('staking.min_stake'))}
        </fieldset>
      </div>
      <SettingsFooter
        done={proposal.isProposed && t('staking.settings_proposed')}
        error={errors.form}
        reload={proposal.isStale && { label: t('staking.reload'), onClick: reload }}
        submit={canEdit && { label: t('staking.settings_submit'), busy: proposal.busy }}
      />
    </form>
  );
}
