import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { rowsOf } from '@wallx/client';
import { Link } from 'react-router';
import {
  ApiError,
  compare,
  errorCatalog,
  formatDate,
  formatNumber,
  percent,
  plus,
  type Stake,
  type StakeTerm,
  type StakingSummary,
} from '@wallx/shared';
import { BottomSheet } from '../../components/bottom-sheet';
import { FundPasswordField } from '../../components/fund-password-field';
import { ListLoadFailed } from '../../components/list-empty';
import { LoadMoreButton } from '../../components/paged-list';
import { FrozenNotice, useRefusalHandler } from '../../components/money-form-parts';
import { PageHeader } from '../../components/page-header';
import { TextField } from '../../components/text-field';
import { useSession } from '../../lib/session-store';
import { showToast } from '../../lib/toast';
import { useFundPasswordGate } from '../../lib/use-fund-password-gate';
import { useIdempotentSubmit } from '../../lib/use-idempotent-submit';
import { useStake, useStakes, useStakingSummary, useUnstake } from './api/staking';
import '../../components/funds-form.css';
import './staking.css';

/** WALLX as the API takes it: digits, up to 18 decimals. */
const AMOUNT = /^\d{1,20}(\.\d{1,18})?$/;
const passwordCodes = new Set<number>([
  errorCatalog.fund_password_incorrect.code,
  errorCatalog.fund_password_locked.code,
]);

function useTermLabel() {
  const { t } = useTranslation();
  return (term: StakeTerm, days: number | null) =>
    days === null ? t('staking.term_flexible') : t('staking.term_days', { days });
}

/**
 * Rewards are small (a day's share of the pool): shown to the fund records' precision, not a
 * balance's two places, so 0.225 USDT paid does not read as 0.22 and a tiny reward not as 0.
 */
const FIGURE_DIGITS = 6;

/** One figure of the summary: a label over its amounts, one line per asset. */
function Figure({ label, amounts }: { label: string; amounts: { value: string; unit: string; testId: string }[] }) {
  return (
    <div className="stake-figure">
      <dt>{label}</dt>
      {amounts.map((amount) => (
        <dd key={amount.unit} data-testid={amount.testId}>
          {formatNumber(amount.value, FIGURE_DIGITS)} <small>{amount.unit}</small>
        </dd>
      ))}
    </div>
  );
}

function Overview({ summary }: { summary: StakingSummary }) {
  const { t } = useTranslation();
  const { pool, mine } = summary;
  const both = (amounts: { wallx: string; usdt: string }, testId: string) => [
    { value: amounts.wallx, unit: 'WALLX', testId: `${testId}-wallx` },
    { value: amounts.usdt, unit: 'USDT', testId: `${testId}-usdt` },
  ];
  return (
    <>
      <section className="card stake-card" aria-labelledby="stake-pool">
        <h2 id="stake-pool">{t('staking.pool')}</h2>
        <dl className="stake-figures">
          <Figure
            label={t('staking.pool_staked')}
            amounts={[{ value: pool.staked, unit: 'WALLX', testId: 'pool-staked' }]}
          />
          <Figure label={t('staking.pool_proceeds')} amounts={both(pool.proceeds, 'pool')} />
        </dl>
        <Link to="/aid-fund" className="stake-aid-link">
          {t('staking.aid_link', { percent: percent(summary.settings.aid_share) })} →
        </Link>
      </section>
      <section className="card stake-card" aria-labelledby="stake-mine">
        <h2 id="stake-mine">{t('staking.mine')}</h2>
        <dl className="stake-figures">
          <Figure
            label={t('staking.my_staked')}
            amounts={[{ value: mine.staked, unit: 'WALLX', testId: 'my-staked' }]}
          />
          <Figure label={t('staking.yesterday')} amounts={both(mine.yesterday, 'yesterday')} />
          <Figure label={t('staking.total_earned')} amounts={both(mine.total, 'total')} />
        </dl>
      </section>
    </>
  );
}

function StakeForm({ summary }: { summary: StakingSummary }) {
  const { t } = useTranslation();
  const termLabel = useTermLabel();
  const balance = useSession((s) => s.balance);
  const isFrozen = useSession((s) => s.userinfo?.is_frozen === true);
  const gate = useFundPasswordGate('/stake');
  const mutation = useStake();
  const send = useIdempotentSubmit(mutation.mutateAsync);
  const [amount, setAmount] = useState('');
  const [term, setTerm] = useState<StakeTerm>('flexible');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; fund_password?: string }>({});
  const onRefusal = useRefusalHandler<'amount' | 'fund_password'>(
    '/stake',
    (error) => (passwordCodes.has(error.code) ? 'fund_password' : error.field === 'amount' ? 'amount' : undefined),
    (field, message) => setErrors((e) => ({ ...e, [field]: message })),
  );

  function check(): boolean {
    const next: typeof errors = {};
    if (amount === '') next.amount = t('staking.amount_required');
    else if (!AMOUNT.test(amount) || compare(amount, '0') <= 0) next.amount = t('staking.amount_invalid');
    else if (compare(amount, summary.settings.min_stake) < 0)
      next.amount = t('staking.min_hint', { min: formatNumber(summary.settings.min_stake) });
    if (password === '') next.fund_password = t('funds.fund_password_required');
    setErrors(next);
    return Object.keys(next).length === 0;
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!check() || mutation.isPending || gate !== 'ready') return;
    try {
      await send({ amount, term, fund_password: password });
      showToast(t('staking.staked_ok'), 'success');
      setAmount('');
      setPassword('');
    } catch (error) {
      onRefusal(error);
    }
  }

  return (
    <form className="funds-form card stake-form" onSubmit={(event) => void submit(event)} noValidate>
      <h2 className="stake-form__title">{t('staking.stake_title')}</h2>
      <FrozenNotice />
      <TextField
        id="amount"
        label={t('staking.amount')}
        placeholder={t('staking.amount_placeholder')}
        value={amount}
        onChange={setAmount}
        onBlur={() => undefined}
        inputMode="decimal"
        maxLength={39}
        error={errors.amount}
        hint={`${t('staking.min_hint', { min: formatNumber(summary.settings.min_stake) })} · ${t('staking.available', { amount: formatNumber(balance.wallx) })}`}
      />
      <fieldset className="stake-terms">
        <legend>{t('staking.term')}</legend>
        {summary.settings.terms.map((option) => (
          <label key={option.term} className={`stake-term${term === option.term ? ' is-selected' : ''}`}>
            <input
              type="radio"
              name="term"
              value={option.term}
              checked={term === option.term}
              onChange={() => setTerm(option.term)}
            />
            <span className="stake-term__name">{termLabel(option.term, option.days)}</span>
            <span className="stake-term__weight">{t('staking.weight', { weight: formatNumber(option.weight) })}</span>
          </label>
        ))}
      </fieldset>
      <FundPasswordField
        value={password}
        onChange={setPassword}
        onBlur={() => undefined}
        error={errors.fund_password}
      />
      <p className="funds-form__note">{t('staking.note')}</p>
      <button
        type="submit"
        className="button button--primary button--block funds-form__submit"
        disabled={mutation.isPending || gate !== 'ready' || isFrozen}
        aria-busy={mutation.isPending}
      >
        {mutation.isPending ? t('staking.staking') : t('staking.stake_submit')}
      </button>
      <p className="stake-note">
        {t('staking.boost_note', { boost: formatNumber(plus('1', summary.settings.checkin_boost)) })}
      </p>
    </form>
  );
}

function StakeItem({ stake, onUnstake }: { stake: Stake; onUnstake: (stake: Stake) => void }) {
  const { t } = useTranslation();
  const termLabel = useTermLabel();
  const days = stake.term === 'flexible' ? null : Number(stake.term.slice(1));
  return (
    <li className="card stake-item" data-stake={stake.id} data-status={stake.status}>
      <div className="stake-item__head">
        <strong>{formatNumber(stake.amount)} WALLX</strong>
        <span className={`stake-item__status is-${stake.status}`}>{t(`staking.status_${stake.status}`)}</span>
      </div>
      <dl className="stake-item__rows">
        <div>
          <dt>{t('staking.term')}</dt>
          <dd>{termLabel(stake.term, days)}</dd>
        </div>
        {stake.closed_at ? (
          <div>
            <dt>{t('staking.closed')}</dt>
            <dd>{formatDate(stake.closed_at, 'Y-m-d H:i')}</dd>
          </div>
        ) : (
          <div>
            <dt>{t('staking.ends')}</dt>
            <dd>{stake.ends_at ? formatDate(stake.ends_at, 'Y-m-d H:i') : t('staking.ends_never')}</dd>
          </div>
        )}
        <div>
          <dt>{t('staking.earned')}</dt>
          <dd>
            {formatNumber(stake.earned.wallx, FIGURE_DIGITS)} WALLX · {formatNumber(stake.earned.usdt, FIGURE_DIGITS)}{' '}
            USDT
          </dd>
        </div>
      </dl>
      {stake.status === 'active' &&
        (stake.can_unstake ? (
          <button type="button" className="button button--ghost stake-item__unstake" onClick={() => onUnstake(stake)}>
            {t('staking.unstake')}
          </button>
        ) : (
          <p className="stake-note">{t('staking.until_end', { time: formatDate(stake.ends_at!, 'Y-m-d H:i') })}</p>
        ))}
    </li>
  );
}

function UnstakeSheet({ stake, onClose }: { stake: Stake | null; onClose: () => void }) {
  const { t } = useTranslation();
  const mutation = useUnstake();
  const send = useIdempotentSubmit(mutation.mutateAsync);
  const [shown, setShown] = useState<Stake | null>(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  if (stake && stake !== shown) {
    setShown(stake);
    setPassword('');
    setError(undefined);
  }
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!shown || mutation.isPending) return;
    if (password === '') return setError(t('funds.fund_password_required'));
    try {
      await send({ id: shown.id, fund_password: password });
      showToast(t('staking.unstaked_ok'), 'success');
      onClose();
    } catch (refusal) {
      const message = refusal instanceof ApiError ? refusal.message : t('errors.internal');
      if (refusal instanceof ApiError && passwordCodes.has(refusal.code)) return setError(message);
      showToast(message);
      if (refusal instanceof ApiError && refusal.status < 500) onClose();
    }
  }
  return (
    <BottomSheet visible={stake !== null} onClose={onClose} title={t('staking.unstake_title')}>
      {shown && (
        <form className="funds-form stake-sheet" onSubmit={(event) => void submit(event)} noValidate>
          <p data-testid="unstake-summary">{t('staking.unstake_summary', { amount: formatNumber(shown.amount) })}</p>
          {/* Its own id: the stake form's fund password field is on the page under the sheet. */}
          <TextField
            id="unstake_fund_password"
            label={t('funds.password')}
            placeholder={t('funds.fund_password_placeholder')}
            value={password}
            onChange={setPassword}
            onBlur={() => undefined}
            error={error}
            isPassword
            autoComplete="current-password"
            maxLength={128}
          />
          <button
            type="submit"
            className="button button--primary button--block funds-form__submit"
            disabled={mutation.isPending}
            aria-busy={mutation.isPending}
          >
            {mutation.isPending ? t('staking.unstaking') : t('staking.unstake')}
          </button>
        </form>
      )}
    </BottomSheet>
  );
}

/** /stake: the pool's size, the user's stakes and earnings, a stake form, and withdrawing a stake. */
export function StakingScreen() {
  const { t } = useTranslation();
  const summary = useStakingSummary();
  const stakes = useStakes();
  const [unstaking, setUnstaking] = useState<Stake | null>(null);
  return (
    <div className="screen stake-screen">
      <PageHeader title={t('staking.title')} />
      <div className="stake-body">
        {summary.data ? (
          <>
            <Overview summary={summary.data} />
            <StakeForm summary={summary.data} />
          </>
        ) : summary.isPending ? (
          <div className="card stake-card" aria-busy="true" aria-label={t('common.loading')} />
        ) : (
          <ListLoadFailed
            text={t('staking.load_failed')}
            className="stake-empty"
            onRetry={() => void summary.refetch()}
          />
        )}
        <section aria-labelledby="stake-list">
          <h2 id="stake-list" className="stake-list__title">
            {t('staking.stakes_title')}
          </h2>
          {stakes.data && rowsOf(stakes).length === 0 && <p className="stake-note">{t('staking.no_stakes')}</p>}
          <ul className="stake-list">
            {rowsOf(stakes).map((stake) => (
              <StakeItem key={stake.id} stake={stake} onUnstake={setUnstaking} />
            ))}
          </ul>
          <LoadMoreButton query={stakes} label={t('staking.stakes_title')} />
        </section>
      </div>
      <UnstakeSheet stake={unstaking} onClose={() => setUnstaking(null)} />
    </div>
  );
}
