import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { compare, formatDate, formatNumber, shortAddress, type Asset, type Withdrawal } from '@wallx/shared';
import { FundPasswordField } from '../../components/fund-password-field';
import { AssetPicker } from '../../components/asset-picker';
import { PageHeader } from '../../components/page-header';
import { ReviewSheet } from '../../components/review-sheet';
import { SubmitButton } from '../../components/submit-button';
import { FormNote, FrozenNotice, useRefusalHandler } from '../../components/money-form-parts';
import { TextField } from '../../components/text-field';
import { copyWithToast } from '../../lib/copy';
import { useSession } from '../../lib/session-store';
import { showToast } from '../../lib/toast';
import { useFundPasswordGate } from '../../lib/use-fund-password-gate';
import { useIdempotentSubmit } from '../../lib/use-idempotent-submit';
import { useForm } from '../../lib/use-form';
import { useUserInfo } from '../../lib/user-info';
import { useDepositConfig } from './api/get-deposit-config';
import { useWithdrawalConfig } from './api/get-withdrawal-config';
import { useWithdrawals } from './api/get-withdrawals';
import { useWithdraw } from './api/withdraw';
import { CancelWithdrawalButton } from './withdrawal-cancel';
import { CopyIcon } from './chain-icons';
import { HistorySection, StatusBadge, TxLink, type BadgeTone } from './chain-ui';
import { networkName } from './network-name';
import {
  balanceOf,
  maxWithdrawal,
  toWithdrawalRequest,
  totalDebit,
  validateWithdrawal,
  withdrawalFieldOfError,
  type WithdrawalField,
  type WithdrawalForm,
} from './withdrawal-rules';
import '../../components/funds-form.css';
import './chain.css';

const emptyForm: WithdrawalForm = { asset: 'USDT', amount: '', fundPassword: '' };

const withdrawalTone: Record<Withdrawal['status'], BadgeTone> = {
  pending_review: 'progress',
  queued: 'progress',
  broadcast: 'progress',
  processing: 'progress',
  completed: 'success',
  refunded: 'muted',
  rejected: 'danger',
};

function WithdrawalItem({ withdrawal, explorerUrl }: { withdrawal: Withdrawal; explorerUrl: string | null }) {
  const { t } = useTranslation();
  return (
    <div className="chain-item" data-id={withdrawal.id}>
      <div className="chain-item__line">
        <span className="chain-item__amount chain-item__amount--out">
          -{formatNumber(withdrawal.amount, 6)} <span className="chain-item__unit">{withdrawal.asset}</span>
        </span>
        <StatusBadge tone={withdrawalTone[withdrawal.status]} status={withdrawal.status}>
          {t(`chain.withdrawal_status.${withdrawal.status}`)}
        </StatusBadge>
      </div>
      <div className="chain-item__line chain-item__line--sub">
        <span>
          {t('chain.fee')} {formatNumber(withdrawal.fee, 6)} {withdrawal.asset}
        </span>
        <time dateTime={withdrawal.created_at}>{formatDate(withdrawal.created_at, 'Y-m-d H:i')}</time>
      </div>
      {withdrawal.status === 'pending_review' && (
        <div className="chain-item__actions">
          <CancelWithdrawalButton withdrawal={withdrawal} />
        </div>
      )}
      {withdrawal.tx_hash && (
        <div className="chain-item__line chain-item__line--sub">
          <TxLink hash={withdrawal.tx_hash} explorerUrl={explorerUrl} />
        </div>
      )}
    </div>
  );
}

export function WithdrawalScreen() {
  const { t } = useTranslation();
  const gate = useFundPasswordGate('/withdrawal');
  const userInfo = useUserInfo();
  const config = useWithdrawalConfig();
  const chain = useDepositConfig();
  const withdrawals = useWithdrawals();
  const ownAddress = useSession((s) => s.userinfo?.bsc ?? '');
  const isFrozen = useSession((s) => s.userinfo?.is_frozen === true);
  const balance = useSession((s) => s.balance);
  const mutation = useWithdraw();
  // One set of keys per visit of the form: a resubmission after a lost answer reuses its key.
  const sendWithdrawal = useIdempotentSubmit(mutation.mutateAsync);

  const limitsOf = (asset: Asset) => {
    const assetConfig = config.data?.[asset];
    return { min: assetConfig?.min ?? '0', fee: assetConfig?.fee ?? '0', balance: balanceOf(balance, asset) };
  };
  const {
    values: form,
    problems,
    edit,
    field,
    trySubmit,
    refuse,
    reset,
  } = useForm<WithdrawalForm, WithdrawalField>({
    initial: emptyForm,
    validate: (values) => validateWithdrawal(values, limitsOf(values.asset)),
  });
  const assetConfig = config.data?.[form.asset];
  const available = balanceOf(balance, form.asset);
  const limits = limitsOf(form.asset);

  const maxAmount = maxWithdrawal(limits);
  // Fee, total and "you receive" follow a well-formed amount; limits of the balance do not hide them.
  const amountIsNumber =
    /^\d+$/.test(form.amount.trim()) &&
    !['funds.amount_required', 'funds.amount_whole', 'errors.withdrawal_not_multiple'].includes(problems.amount ?? '');
  const total = assetConfig && amountIsNumber ? totalDebit(form.amount, assetConfig.fee) : null;
  // Above the threshold an operator reviews it before it is paid: said before Confirm, not after.
  // (A user's 24-hour total and the platform's hourly cap can also send one to review; only the server knows those.)
  const isReviewed =
    assetConfig?.review_above !== undefined &&
    amountIsNumber &&
    compare(form.amount.trim(), assetConfig.review_above) > 0;

  const handleRefusal = useRefusalHandler('/withdrawal', withdrawalFieldOfError, (field, message) => {
    refuse(field, message);
    if (field === 'amount') void userInfo.refetch();
  });

  // A valid form is only reviewed: the withdrawal leaves from the review sheet's confirm button.
  const [isReviewing, setReviewing] = useState(false);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!trySubmit() || mutation.isPending || gate !== 'ready' || !assetConfig) return;
    setReviewing(true);
  }

  async function confirm() {
    if (mutation.isPending) return;
    try {
      await sendWithdrawal({ request: toWithdrawalRequest(form) });
      setReviewing(false);
      showToast(t('chain.withdraw_success'), 'success');
      reset({ ...emptyForm, asset: form.asset });
    } catch (error) {
      // The refusal lands on the form, where it can be corrected.
      setReviewing(false);
      handleRefusal(error);
    }
  }

  const amountText = (amount: string | null) => (amount === null ? '—' : `${formatNumber(amount, 8)} ${form.asset}`);
  const feeText = amountText(assetConfig?.fee ?? null);
  // The fee comes on top: what arrives is the amount asked for, the total is what leaves the balance.
  const receiveText = amountIsNumber ? amountText(BigInt(form.amount.trim()).toString()) : '—';

  return (
    <div className="screen funds-form-screen chain-screen">
      <PageHeader title={t('user.withdrawal')} />

      <FrozenNotice />
      {config.isError && (
        <p className="funds-notice funds-notice--warning" role="alert">
          {t('chain.config_failed')}{' '}
          <button type="button" className="chain-history__retry" onClick={() => void config.refetch()}>
            {t('common.retry')}
          </button>
        </p>
      )}

      <form
        className="funds-form card"
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-busy={gate === 'checking'}
      >
        <AssetPicker
          id="withdraw-asset"
          value={form.asset}
          onChange={(asset: Asset) => edit({ asset }, 'amount')}
          balanceOf={(asset) => balanceOf(balance, asset)}
        />
        <TextField
          id="amount"
          label={t('funds.amount')}
          placeholder={t('chain.withdraw_amount_placeholder')}
          {...field('amount', 'amount')}
          inputMode="numeric"
          maxLength={24}
          hint={
            <>
              {assetConfig && (
                <>{t('chain.min_amount', { amount: formatNumber(assetConfig.min, 8), asset: form.asset })} · </>
              )}
              {t('funds.available')} {formatNumber(available)} {form.asset}
            </>
          }
          end={
            <>
              <span className="field__suffix">{form.asset}</span>
              <button
                type="button"
                className="field__max"
                onClick={() => edit({ amount: maxAmount.toString() }, 'amount')}
                disabled={maxAmount === 0n}
              >
                {t('funds.max')}
              </button>
            </>
          }
        />
        <dl className="chain-summary">
          <div className="chain-summary__row">
            <dt>{t('chain.fee')}</dt>
            <dd data-testid="withdraw-fee">{feeText}</dd>
          </div>
          <div className="chain-summary__row">
            <dt>{t('chain.total')}</dt>
            <dd>{amountText(total)}</dd>
          </div>
          <div className="chain-summary__row chain-summary__row--strong">
            <dt>{t('chain.receive')}</dt>
            <dd data-testid="withdraw-receive">{receiveText}</dd>
          </div>
        </dl>
        <div className="field">
          <div className="field__head">
            <span className="field__label" id="destination-label">
              {t('chain.destination')}
            </span>
          </div>
          <div className="chain-address" aria-labelledby="destination-label">
            <span className="chain-address__value" title={ownAddress} data-address={ownAddress}>
              {shortAddress(ownAddress)}
            </span>
            <button
              type="button"
              className="copy-button"
              onClick={() => void copyWithToast(ownAddress)}
              aria-label={`${t('common.copy')} ${t('chain.destination')}`}
            >
              <CopyIcon />
            </button>
          </div>
          <p className="field__hint">{t('chain.destination_note')}</p>
        </div>
        <FundPasswordField {...field('fundPassword', 'fund_password')} />
        <FormNote>{t('chain.withdraw_note')}</FormNote>
        {/* It only opens the review; the sheet's confirm button is the one that shows the sending. */}
        <SubmitButton
          isPending={false}
          disabled={gate !== 'ready' || isFrozen || mutation.isPending}
          pendingLabel={t('chain.withdrawing')}
        >
          {t('chain.withdraw_review')}
        </SubmitButton>
      </form>

      <ReviewSheet
        visible={isReviewing}
        title={t('chain.review_withdrawal_title')}
        address={{ label: t('chain.destination'), value: ownAddress }}
        rows={[
          { id: 'asset', label: t('funds.asset'), value: form.asset },
          { id: 'network', label: t('chain.network'), value: chain.data ? networkName(chain.data.chain_id) : 'BSC' },
          { id: 'amount', label: t('funds.amount'), value: receiveText },
          { id: 'fee', label: t('chain.fee'), value: feeText },
          { id: 'total', label: t('chain.total'), value: amountText(total) },
          { id: 'arrives', label: t('chain.receive'), value: receiveText, isStrong: true },
        ]}
        note={isReviewed ? t('chain.review_note', { hours: config.data?.review_hours ?? 24 }) : undefined}
        confirmLabel={t('chain.withdraw_submit')}
        pendingLabel={t('chain.withdrawing')}
        isPending={mutation.isPending}
        onConfirm={() => void confirm()}
        onBack={() => setReviewing(false)}
      />

      <HistorySection
        title={t('chain.withdrawals')}
        query={withdrawals}
        empty={t('chain.empty_withdrawals')}
        renderItem={(item) => <WithdrawalItem withdrawal={item} explorerUrl={chain.data?.explorer_url ?? null} />}
      />
    </div>
  );
}
