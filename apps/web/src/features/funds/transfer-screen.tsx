import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatNumber } from '@wallx/shared';
import { AmountField } from '../../components/amount-field';
import { AssetPicker } from '../../components/asset-picker';
import { FundPasswordField } from '../../components/fund-password-field';
import { PageHeader } from '../../components/page-header';
import { ReviewSheet } from '../../components/review-sheet';
import { useSession } from '../../lib/session-store';
import { showToast } from '../../lib/toast';
import { useUserInfo } from '../../lib/user-info';
import { useTransfer } from './api/transfer';
import { RecipientField } from '../../components/recipient-field';
import { checkRecipient } from '../../lib/check-recipient';
import { HistoryIcon } from '../../components/screen-icons';
import { SubmitButton } from '../../components/submit-button';
import { FormNote, FrozenNotice, useRefusalHandler } from '../../components/money-form-parts';
import {
  balanceOf,
  parseWholeAmount,
  toTransferRequest,
  transferArrives,
  TRANSFER_FEE,
  transferFieldOfError,
  validateTransfer,
  wholeUnits,
  type TransferField,
  type TransferForm,
} from './transfer-rules';
import { useFundPasswordGate } from '../../lib/use-fund-password-gate';
import { useIdempotentSubmit } from '../../lib/use-idempotent-submit';
import { useForm } from '../../lib/use-form';
import '../../components/funds-form.css';

const emptyForm: TransferForm = { asset: 'USDT', to: '', amount: '', fundPassword: '' };

export function TransferScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const gate = useFundPasswordGate('/transfer');
  const userInfo = useUserInfo();
  const ownAddress = useSession((s) => s.userinfo?.bsc ?? '');
  const isFrozen = useSession((s) => s.userinfo?.is_frozen === true);
  const balance = useSession((s) => s.balance);
  const mutation = useTransfer();
  // One set of keys per visit of the form: a resubmission after a lost answer reuses its key.
  const sendTransfer = useIdempotentSubmit(mutation.mutateAsync);

  const {
    values: form,
    edit,
    field,
    trySubmit,
    refuse,
  } = useForm<TransferForm, TransferField>({
    initial: emptyForm,
    validate: (values) => validateTransfer(values, { ownAddress, balance }),
  });

  const available = balanceOf(balance, form.asset);
  const maxAmount = wholeUnits(available);

  const handleRefusal = useRefusalHandler('/transfer', transferFieldOfError, (field, message) => {
    refuse(field, message);
    // The balance shown may be out of date; the server just said what it really is.
    if (field === 'amount') void userInfo.refetch();
  });

  // A valid form is only reviewed: the transfer leaves from the review sheet's confirm button.
  const [isReviewing, setReviewing] = useState(false);
  const [isChecking, setChecking] = useState(false);

  // The recipient is checked before the review: an address that is no account is refused on its
  // field, not after Confirm (decision 129).
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!trySubmit() || mutation.isPending || gate !== 'ready' || isChecking) return;
    setChecking(true);
    try {
      await checkRecipient(form.to);
      setReviewing(true);
    } catch (error) {
      handleRefusal(error);
    } finally {
      setChecking(false);
    }
  }

  async function confirm() {
    if (mutation.isPending) return;
    try {
      await sendTransfer({ request: toTransferRequest(form) });
      setReviewing(false);
      showToast(t('funds.transfer_success'), 'success');
      void navigate('/transfer_records', { replace: true });
    } catch (error) {
      // The refusal lands on the form, where it can be corrected.
      setReviewing(false);
      handleRefusal(error);
    }
  }

  const amountText = (amount: string | null) => (amount === null ? '—' : `${formatNumber(amount, 8)} ${form.asset}`);
  const amount = parseWholeAmount(form.amount)?.toString() ?? null;

  const historyLink = (
    <Link
      to="/transfer_records"
      className="icon-button icon-button--plain header-link"
      aria-label={t('user.transfer_records')}
    >
      <HistoryIcon />
    </Link>
  );

  return (
    <div className="screen funds-form-screen">
      <PageHeader title={t('user.transfer')} end={historyLink} />

      <FrozenNotice />

      <form
        className="funds-form card"
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-busy={gate === 'checking'}
      >
        <AssetPicker
          id="transfer-asset"
          value={form.asset}
          onChange={(asset) => edit({ asset }, 'amount')}
          balanceOf={(asset) => balanceOf(balance, asset)}
        />
        <RecipientField {...field('to', 'to')} />
        <AmountField
          asset={form.asset}
          available={available}
          max={maxAmount}
          onMax={() => edit({ amount: maxAmount.toString() }, 'amount')}
          placeholder={t('funds.amount_placeholder')}
          {...field('amount', 'amount')}
        />
        <FundPasswordField {...field('fundPassword', 'fund_password')} />
        <FormNote>{t('funds.transfer_note')}</FormNote>
        {/* It only opens the review; the sheet's confirm button is the one that shows the sending. */}
        <SubmitButton
          isPending={isChecking}
          disabled={gate !== 'ready' || isFrozen || mutation.isPending}
          pendingLabel={t('funds.checking_recipient')}
        >
          {t('funds.transfer_review')}
        </SubmitButton>
      </form>

      <ReviewSheet
        visible={isReviewing}
        title={t('funds.review_transfer_title')}
        address={{ label: t('funds.recipient'), value: form.to.trim() }}
        rows={[
          { id: 'asset', label: t('funds.asset'), value: form.asset },
          { id: 'amount', label: t('funds.amount'), value: amountText(amount) },
          { id: 'fee', label: t('chain.fee'), value: amountText(TRANSFER_FEE) },
          {
            id: 'arrives',
            label: t('funds.recipient_gets'),
            value: amountText(amount === null ? null : transferArrives(amount)),
            isStrong: true,
          },
        ]}
        confirmLabel={t('funds.transfer_submit')}
        pendingLabel={t('funds.transferring')}
        isPending={mutation.isPending}
        onConfirm={() => void confirm()}
        onBack={() => setReviewing(false)}
      />
    </div>
  );
}
