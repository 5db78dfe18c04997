import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorCatalog, type Miner, ApiError } from '@wallx/shared';
import { BottomSheet } from '../../components/bottom-sheet';
import { FundPasswordField } from '../../components/fund-password-field';
import { ReviewSheet } from '../../components/review-sheet';
import { RecipientField } from '../../components/recipient-field';
import { SubmitButton } from '../../components/submit-button';
import { FormNote } from '../../components/money-form-parts';
import { checkRecipient } from '../../lib/check-recipient';
import { useForm } from '../../lib/use-form';
import type { FundPasswordState } from '../../lib/return-to';
import { useSession } from '../../lib/session-store';
import { showToast } from '../../lib/toast';
import { useFundPasswordGate } from '../../lib/use-fund-password-gate';
import { useIdempotentSubmit } from '../../lib/use-idempotent-submit';
import { useTransferMiner } from './api/transfer-miner';
import {
  minerTransferFieldOfError,
  toMinerTransferRequest,
  validateMinerTransfer,
  type MinerTransferField,
  type MinerTransferForm,
} from './miner-rules';

const emptyForm: MinerTransferForm = { to: '', fundPassword: '' };

function TransferForm({ miner, onDone }: { miner: Miner; onDone: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Mounted only while the sheet is open: without a fund password the user goes to set one first.
  const gate = useFundPasswordGate('/mine');
  const ownAddress = useSession((s) => s.userinfo?.bsc ?? '');
  const isFrozen = useSession((s) => s.userinfo?.is_frozen === true);
  const mutation = useTransferMiner();
  const sendTransfer = useIdempotentSubmit(mutation.mutateAsync);
  const {
    values: form,
    field,
    trySubmit,
    refuse,
  } = useForm<MinerTransferForm, MinerTransferField>({
    initial: emptyForm,
    validate: (values) => validateMinerTransfer(values, ownAddress),
  });

  // A valid form is only reviewed, in a sheet over this one: the miner leaves from its confirm button.
  const [isReviewing, setReviewing] = useState(false);
  const [isChecking, setChecking] = useState(false);

  // The recipient is checked before the review, as a transfer of funds is (decision 129).
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!trySubmit() || mutation.isPending || gate !== 'ready' || isChecking) return;
    setChecking(true);
    try {
      await checkRecipient(form.to);
      setReviewing(true);
    } catch (error) {
      refuseWith(error);
    } finally {
      setChecking(false);
    }
  }

  async function confirm() {
    if (mutation.isPending) return;
    try {
      await sendTransfer({ minerId: miner.id, request: toMinerTransferRequest(form) });
      setReviewing(false);
      showToast(t('miners.transfer_success'), 'success');
      onDone();
    } catch (error) {
      setReviewing(false);
      refuseWith(error);
    }
  }

  /** A refusal as a toast, and on the field it is about. */
  function refuseWith(error: unknown) {
    const message = error instanceof ApiError ? error.message : t('errors.internal');
    showToast(message);
    if (!(error instanceof ApiError)) return;
    if (error.code === errorCatalog.fund_password_not_set.code) {
      const state: FundPasswordState = { returnTo: '/mine' };
      void navigate('/fpassword', { state });
      return;
    }
    const field = minerTransferFieldOfError(error);
    if (field) refuse(field, message);
  }

  return (
    <>
      <form
        className="miner-transfer funds-form"
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-busy={gate === 'checking'}
      >
        <p className="miner-transfer__machine">
          <span>{t('miners.machine_no')}</span>
          <strong data-machine-no={miner.machine_no}>{miner.machine_no}</strong>
        </p>
        <RecipientField {...field('to', 'to')} />
        <FundPasswordField {...field('fundPassword', 'fund_password')} />
        <FormNote>{t('miners.transfer_note')}</FormNote>
        <SubmitButton
          isPending={isChecking}
          disabled={gate !== 'ready' || isFrozen || mutation.isPending}
          pendingLabel={t('funds.checking_recipient')}
        >
          {t('miners.transfer_review')}
        </SubmitButton>
      </form>
      <ReviewSheet
        visible={isReviewing}
        title={t('miners.review_title')}
        address={{ label: t('funds.recipient'), value: form.to.trim() }}
        rows={[{ id: 'machine', label: t('miners.machine_no'), value: miner.machine_no, isStrong: true }]}
        confirmLabel={t('miners.transfer_submit')}
        pendingLabel={t('miners.transferring')}
        isPending={mutation.isPending}
        onConfirm={() => void confirm()}
        onBack={() => setReviewing(false)}
      />
    </>
  );
}

export function MinerTransferSheet({ miner, onClose }: { miner: Miner | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(miner);
  if (miner && miner !== shown) setShown(miner);
  return (
    <BottomSheet
      visible={miner !== null}
      onClose={onClose}
      title={t('miners.transfer_title')}
      className="transfer-sheet"
    >
      {shown && <TransferForm key={shown.id} miner={shown} onDone={onClose} />}
    </BottomSheet>
  );
}
