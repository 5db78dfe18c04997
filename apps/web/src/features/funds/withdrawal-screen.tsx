import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { compare, formatDate, formatNumber, type Asset, type Withdrawal, type WithdrawalConfig } from '@wallx/shared';
import { FundPasswordField } from '../../components/fund-password-field';
import { AmountField } from '../../components/amount-field';
import { AssetPicker } from '../../components/asset-picker';
import { PageHeader } from '../../components/page-header';
import { ReviewSheet } from '../../components/review-sheet';
import { SubmitButton } from '../../components/submit-button';
import { FormNote, FrozenNotice, useRefusalHandler } from '../../components/money-form-parts';
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
import { ConfigFailedNotice, HistorySection, StatusBadge, TxLink, type BadgeTone } from './chain-ui';
import { networkName } from './network-name';
import { DestinationField, WithdrawalSummary } from './withdrawal-parts';
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

/**
 * What the form says of an amount before it is sent: fee, total and "you receive" follow a
 * well-formed amount (limits of the balance do not hide them), and whether an operator reviews it.
 */
function amountFigures(amount: string, problem: string | undefined, assetConfig: WithdrawalConfig[Asset] | undefined) {
  const amountIsNumber =
    /^\d+$/.test(amount.trim()) &&
    !['funds.amount_required', 'funds.amount_whole', 'errors.withdrawal_not_multiple'].includes(problem ?? '');
  return {
    amountIsNumber,
    total: assetConfig && amountIsNumber ? totalDebit(amount, assetConfig.fee) : null,
    // Above the threshold an operator reviews it before it is paid: said before Confirm, not after.
    // (A user's 24-hour total and the platform's hourly cap can also send one to review; only the server knows those.)
    isReviewed:
      assetConfig?.review_above !== undefined && amountIsNumber && compare(amount.trim(), assetConfig.review_above) > 0,
  };
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
  const { amountIsNumber, total, isReviewed } = amountFigures(form.amount, problems.amount, assetConfig);

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
      {config.isError && <ConfigFailedNotice onRetry={() => void config.refetch()} />}

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
        <AmountField
          asset={form.asset}
          available={available}
          max={maxAmount}
          onMax={() => edit({ amount: maxAmount.toString() }, 'amount')}
          placeholder={t('chain.withdraw_amount_placeholder')}
          note={
            assetConfig && (
              <>{t('chain.min_amount', { amount: formatNumber(assetConfig.min, 8), asset: form.asset })} · </>
            )
          }
          {...field('amount', 'amount')}
        />
        <WithdrawalSummary fee={feeText} total={amountText(total)} receive={receiveText} />
        <DestinationField address={ownAddress} />
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
