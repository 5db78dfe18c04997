import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ApiError,
  assets,
  roleCan,
  shortAddress,
  type Asset,
  type MoneySettings,
  type MoneySettingsValues,
  type OperatorRole,
  type Proposal,
} from '@wallx/shared';
import { QueryError } from '../../components/table-footer';
import { formatTime } from '../../lib/format';
import { useOperatorSession } from '../../lib/session-store';
import { useForm } from '../../lib/use-form';
import { useWaitingProposal } from './api/proposals';
import { useMoneySettings, useProposeMoneySettings } from './api/settings';
import { SettingsFooter } from '../../components/settings-proposal';
import { Fact } from '../../components/fact';
import { ProposalSummary } from './proposal-summary';
import { ProposalActions } from './proposals-tab';

type LimitName = keyof MoneySettingsValues['withdraw']['USDT'];
const limitNames: LimitName[] = ['min', 'fee', 'review_above', 'hourly_cap'];
const hints = {
  min: 'money.min_hint',
  review_above: 'money.review_above_hint',
  hourly_cap: 'money.hourly_cap_hint',
} as const;
const hintOf = (name: LimitName) => (name in hints ? hints[name as keyof typeof hints] : null);

const valuesOf = (s: MoneySettings): MoneySettingsValues => ({ withdraw: s.withdraw, markets: s.markets });
/** Each input, named by its path in the request as the server's refusals name it. */
const fields = [
  ...assets.flatMap((asset) => limitNames.map((name) => `withdraw.${asset}.${name}`)),
  'markets.mtrade_fee_rate',
  'markets.c2c_fee_rate',
];

/**
 * The fees and limits in force, the change waiting for approval if any, and (for finance) the form
 * that proposes one; the chain settings are the deployment's.
 */
export function MoneySettingsTab({ role }: { role: OperatorRole }) {
  const settings = useMoneySettings();
  const waiting = useWaitingProposal({ subject_type: 'money_settings' });
  if (settings.isError) return <QueryError error={settings.error} retry={() => void settings.refetch()} />;
  if (!settings.data) return null;
  return (
    <SettingsForm
      key={settings.data.version}
      settings={settings.data}
      waiting={waiting.data ? <WaitingChange proposal={waiting.data} /> : null}
      canEdit={roleCan(role, 'money')}
      role={role}
      reload={() => void settings.refetch()}
    />
  );
}

/** The proposed change, before → after, with approving (someone else) and withdrawing it. */
function WaitingChange({ proposal: p }: { proposal: Proposal }) {
  const { t } = useTranslation();
  const self = useOperatorSession().session?.operator.address;
  return (
    <section className="panel waiting-change" aria-labelledby="waiting-change-title">
      <h2 id="waiting-change-title">{t('money.settings_waiting_title')}</h2>
      <p className="notice notice--info">
        {t('money.settings_waiting', {
          by: p.proposed_by === self ? t('operators.you') : shortAddress(p.proposed_by, 12),
          at: formatTime(p.proposed_at),
        })}
      </p>
      <ProposalSummary proposal={p} />
      <div className="filters__buttons">
        <ProposalActions proposal={p} />
      </div>
    </section>
  );
}

/** Where the values in force come from: the configuration, or a version saved (and approved) by operators. */
function SettingsSource({ settings }: { settings: MoneySettings }) {
  const { t } = useTranslation();
  return (
    <p className="muted">
      {settings.version === 0
        ? t('money.settings_source_config')
        : settings.approved_by
          ? t('money.settings_source_approved', {
              version: settings.version,
              operator: settings.updated_by ?? '',
              approver: settings.approved_by,
              time: formatTime(settings.updated_at),
            })
          : t('money.settings_source_saved', {
              version: settings.version,
              operator: settings.updated_by ?? '',
              time: formatTime(settings.updated_at),
            })}
    </p>
  );
}

/** The chain the money moves on, shown as it is: the form does not change it. */
function ChainFacts({ chain }: { chain: MoneySettings['chain'] }) {
  const { t } = useTranslation();
  return (
    <fieldset className="panel settings__group">
      <legend>{t('money.chain')}</legend>
      <dl className="facts">
        <Fact label={t('money.chain_name')}>{chain.name}</Fact>
        <Fact label={t('money.chain_id')}>{chain.chain_id}</Fact>
        <Fact label={t('money.confirmations')}>{chain.confirmations}</Fact>
        <Fact label={t('money.deposit_address')} code={chain.deposit_address} />
        <Fact label={t('money.hot_wallet')} code={chain.hot_wallet} />
      </dl>
    </fieldset>
  );
}

function SettingsForm({
  settings,
  waiting,
  canEdit,
  role,
  reload,
}: {
  settings: MoneySettings;
  /** The change waiting for approval, shown above the values in force. */
  waiting: ReactNode;
  canEdit: boolean;
  role: OperatorRole;
  reload: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm<MoneySettingsValues, string>({ initial: () => valuesOf(settings), fields });
  const draft = form.values;
  const fieldErrors = form.errors;
  // Someone saved since this form opened (the refusal names the version): offer the newer settings.
  const [isStale, setStale] = useState(false);
  const [isProposed, setProposed] = useState(false);
  const save = useProposeMoneySettings();

  const setLimit = (asset: Asset, name: LimitName, value: string) =>
    form.edit(
      { withdraw: { ...draft.withdraw, [asset]: { ...draft.withdraw[asset], [name]: value } } },
      `withdraw.${asset}.${name}`,
    );
  const setRate = (name: keyof MoneySettingsValues['markets'], value: string) =>
    form.edit({ markets: { ...draft.markets, [name]: value } }, `markets.${name}`);

  const submit = form.onSubmit((sent) => {
    setStale(false);
    save.mutate(
      { ...sent, version: settings.version },
      {
        // The form shows what is in force again; the change waits above it.
        onSuccess: () => {
          form.reset(valuesOf(settings));
          setProposed(true);
        },
        onError: (error) => {
          form.refuseWith(error);
          setStale(error instanceof ApiError && error.field === 'version');
        },
      },
    );
  });

  const input = (path: string, label: string, value: string, onChange: (value: string) => void, hint?: string) => (
    <label className="field" key={path}>
      <span className="field__label">{label}</span>
      <input
        className="input"
        name={path}
        value={value}
        inputMode="decimal"
        readOnly={!canEdit}
        aria-invalid={fieldErrors[path] ? true : undefined}
        onChange={(event) => onChange(event.target.value.trim())}
      />
      {fieldErrors[path] ? (
        <span className="field__error" role="alert">
          {fieldErrors[path]}
        </span>
      ) : (
        hint && <span className="muted field__hint">{hint}</span>
      )}
    </label>
  );

  return (
    <form className="settings" onSubmit={submit} noValidate aria-label={t('money.tab_settings')}>
      <p className="page__lead tab-lead">{t('money.settings_lead')}</p>
      <SettingsSource settings={settings} />
      {waiting}
      {!canEdit && <p className="notice notice--info">{t('money.read_only', { role: t(`roles.${role}`) })}</p>}
      <div className="settings__grid">
        {assets.map((asset) => (
          <fieldset className="panel settings__group" key={asset}>
            <legend>{t('money.withdraw_limits', { asset })}</legend>
            {limitNames.map((name) =>
              input(
                `withdraw.${asset}.${name}`,
                t(`money.${name}`),
                draft.withdraw[asset][name],
                (value) => setLimit(asset, name, value),
                hintOf(name) ? t(hintOf(name)!) : undefined,
              ),
            )}
          </fieldset>
        ))}
        <fieldset className="panel settings__group">
          <legend>{t('money.market_fees')}</legend>
          {input(
            'markets.mtrade_fee_rate',
            t('money.mtrade_fee_rate'),
            draft.markets.mtrade_fee_rate,
            (value) => setRate('mtrade_fee_rate', value),
            t('money.rate_hint'),
          )}
          {input(
            'markets.c2c_fee_rate',
            t('money.c2c_fee_rate'),
            draft.markets.c2c_fee_rate,
            (value) => setRate('c2c_fee_rate', value),
            t('money.rate_hint'),
          )}
        </fieldset>
        <ChainFacts chain={settings.chain} />
      </div>
      <SettingsFooter
        done={isProposed && t('money.saved', { version: settings.version })}
        error={fieldErrors.form}
        reload={isStale && { label: t('money.reload'), onClick: reload }}
        submit={canEdit && { label: save.isPending ? t('money.saving') : t('money.save'), busy: save.isPending }}
      />
    </form>
  );
}
