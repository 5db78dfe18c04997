import { useTranslation } from 'react-i18next';
import {
  assets,
  shortAddress,
  type CheckinSettingsValues,
  type MoneySettingsValues,
  type OperatorState,
  type Proposal,
  type StakingSettingsValues,
} from '@wallx/shared';

type Limits = MoneySettingsValues['withdraw']['USDT'];
const limitNames: (keyof Limits)[] = ['min', 'fee', 'review_above', 'hourly_cap'];
const rateNames: (keyof MoneySettingsValues['markets'])[] = ['mtrade_fee_rate', 'c2c_fee_rate'];

/** One value of the fees and limits that a proposal changes, with the console's name for it. */
export type SettingChange = { key: string; label: string; before: string; after: string };

/** The values a change of the fees and limits moves, in the form's order; the unchanged are left out. */
export function useSettingChanges(before: MoneySettingsValues, after: MoneySettingsValues): SettingChange[] {
  const { t } = useTranslation();
  const limits = assets.flatMap((asset) =>
    limitNames.map((name) => ({
      key: `withdraw.${asset}.${name}`,
      label: `${t('money.withdraw_limits', { asset })} · ${t(`money.${name}`)}`,
      before: before.withdraw[asset][name],
      after: after.withdraw[asset][name],
    })),
  );
  const rates = rateNames.map((name) => ({
    key: `markets.${name}`,
    label: `${t('money.market_fees')} · ${t(`money.${name}`)}`,
    before: before.markets[name],
    after: after.markets[name],
  }));
  return [...limits, ...rates].filter((change) => change.before !== change.after);
}

function Move({ before, after }: { before: string; after: string }) {
  return (
    <span className="change">
      <span className="change__before">{before}</span> → <strong>{after}</strong>
    </span>
  );
}

function SettingsChange({ settings }: { settings: NonNullable<Proposal['settings']> }) {
  const { t } = useTranslation();
  const changes = useSettingChanges(settings.before, settings.after);
  return (
    <>
      <ul className="changes">
        {changes.map((change) => (
          <li key={change.key}>
            {t('money.change_label', { label: change.label })} <Move before={change.before} after={change.after} />
          </li>
        ))}
      </ul>
      <span className="cell-note">{t('money.change_version', { version: settings.version })}</span>
    </>
  );
}

const checkinNames = ['checkin_reward', 'streak_bonus', 'streak_every', 'require_holding', 'low_mood_days'] as const;

/** The check-in reward rules a proposal moves, before → after; the prizes as one list. */
function CheckinSettingsChange({ settings }: { settings: NonNullable<Proposal['checkin_settings']> }) {
  const { t } = useTranslation();
  const show = (name: (typeof checkinNames)[number], values: CheckinSettingsValues) => {
    const value = values[name];
    return typeof value === 'boolean' ? t(value ? 'money.checkin_yes' : 'money.checkin_no') : String(value);
  };
  const prizes = (values: CheckinSettingsValues) => values.prizes.join(' / ') || t('money.checkin_no_prizes');
  const changes = [
    ...checkinNames.map((name) => ({
      key: name,
      label: t(`money.checkin_${name}`),
      before: show(name, settings.before),
      after: show(name, settings.after),
    })),
    { key: 'prizes', label: t('money.checkin_prizes'), before: prizes(settings.before), after: prizes(settings.after) },
  ].filter((change) => change.before !== change.after);
  return (
    <>
      <ul className="changes">
        {changes.map((change) => (
          <li key={change.key}>
            {t('money.change_label', { label: change.label })} <Move before={change.before} after={change.after} />
          </li>
        ))}
      </ul>
      <span className="cell-note">{t('money.change_version', { version: settings.version })}</span>
    </>
  );
}

const stakingNames = ['fee_share', 'aid_share', 'checkin_boost', 'min_stake'] as const;
const stakingTerms = ['flexible', 'd30', 'd90', 'd180'] as const;

/** The staking pool's rules a proposal moves, before → after: each term's weight, then the shares, boost and minimum. */
function StakingSettingsChange({ settings }: { settings: NonNullable<Proposal['staking_settings']> }) {
  const { t } = useTranslation();
  const rows = (values: StakingSettingsValues) => [
    ...stakingTerms.map((term) => ({
      key: `term_weights.${term}`,
      label: t(`money.staking_weight_${term}`),
      value: values.term_weights[term],
    })),
    ...stakingNames.map((name) => ({ key: name, label: t(`money.staking_${name}`), value: values[name] })),
  ];
  const after = rows(settings.after);
  const changes = rows(settings.before)
    .map((row, i) => ({ key: row.key, label: row.label, before: row.value, after: after[i]!.value }))
    .filter((change) => change.before !== change.after);
  return (
    <>
      <ul className="changes">
        {changes.map((change) => (
          <li key={change.key}>
            {t('money.change_label', { label: change.label })} <Move before={change.before} after={change.after} />
          </li>
        ))}
      </ul>
      <span className="cell-note">{t('money.change_version', { version: settings.version })}</span>
    </>
  );
}

function OperatorChange({ change }: { change: NonNullable<Proposal['operator']> }) {
  const { t } = useTranslation();
  const { before, after } = change;
  const person = (value: string | null) => (value ? shortAddress(value, 12) : t('money.change_none'));
  const state = (value: OperatorState) => t(value.is_disabled ? 'operators.disabled' : 'operators.active');
  const rows: { key: string; label: string; from: string | null; to: string }[] = [
    {
      key: 'role',
      label: t('money.change_role'),
      from: before && t(`roles.${before.role}`),
      to: t(`roles.${after.role}`),
    },
    {
      key: 'person',
      label: t('money.change_person'),
      from: before && person(before.person),
      to: person(after.person),
    },
    { key: 'state', label: t('money.change_state'), from: before && state(before), to: state(after) },
  ];
  return (
    <>
      <code title={change.address}>{shortAddress(change.address, 12)}</code>
      {!before && <span className="cell-note">{t('money.change_new')}</span>}
      <ul className="changes">
        {rows
          // A new operator: their role, and whose second wallet they are if anyone's.
          .filter((row) =>
            before === null ? row.key === 'role' || (row.key === 'person' && after.person) : row.from !== row.to,
          )
          .map((row) => (
            <li key={row.key}>
              {t('money.change_label', { label: row.label })}{' '}
              {row.from === null ? <strong>{row.to}</strong> : <Move before={row.from} after={row.to} />}
            </li>
          ))}
      </ul>
    </>
  );
}

/**
 * What a proposal changes, readably: a money decision's amount and user; an operator's role, person
 * and state before → after; each value of the fees and limits, or of the check-in rewards, it moves,
 * before → after; the staking pool's rules it moves; what it adds to the rewards budget or the
 * staking pool; an aid grant's partner, address and amount.
 */
export function ProposalSummary({ proposal: p }: { proposal: Proposal }) {
  const { t } = useTranslation();
  if (p.operator) return <OperatorChange change={p.operator} />;
  if (p.settings) return <SettingsChange settings={p.settings} />;
  if (p.checkin_settings) return <CheckinSettingsChange settings={p.checkin_settings} />;
  if (p.staking_settings) return <StakingSettingsChange settings={p.staking_settings} />;
  if (p.aid_grant)
    return (
      <span className="nowrap" title={p.aid_grant.address}>
        {t('money.aid_grant_summary', {
          amount: p.aid_grant.amount,
          asset: p.aid_grant.asset,
          partner: p.aid_grant.partner,
          address: shortAddress(p.aid_grant.address, 12),
        })}
      </span>
    );
  if (p.funding)
    return (
      <span className="nowrap">
        {t(p.subject_type === 'staking_budget' ? 'money.staking_funding_summary' : 'money.funding_summary', {
          amount: p.funding.amount,
          asset: p.funding.asset,
        })}
      </span>
    );
  if (!p.subject) return null;
  return (
    <span className="nowrap">
      {t('money.money_summary', {
        amount: p.subject.amount,
        asset: p.subject.asset,
        user: shortAddress(p.subject.user, 12),
      })}
    </span>
  );
}
