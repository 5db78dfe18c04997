import { errorCatalog, type Miner, type MinerTransferRequest } from '@wallx/shared';
import { fieldOfError, fundPasswordErrors, fundPasswordRefusals } from '../../lib/form-rules';
import type { MessageKey } from '../../lib/message-key';
import { recipientError } from '../../lib/recipient-rules';

/** Only a switched-off miner may be turned on; one on sale must be taken off the market first. */
export function canTurnOn(miner: Pick<Miner, 'state'>): boolean {
  return miner.state === 'off';
}

/** DOMAIN.md: only an off, non-gift miner can be transferred (or listed). */
export function canTransfer(miner: Pick<Miner, 'state' | 'gift'>): boolean {
  return miner.state === 'off' && !miner.gift;
}

/** Share of the output period produced so far, 0..1, for the progress bar. */
export function outputProgress(miner: Pick<Miner, 'days_produced' | 'output_days'>): number {
  if (miner.output_days <= 0) return 0;
  return Math.min(1, Math.max(0, miner.days_produced / miner.output_days));
}

export type MinerTransferForm = { to: string; fundPassword: string };
/** Named as the request body names them. */
export type MinerTransferField = 'to' | 'fund_password';
export type MinerTransferErrors = Partial<Record<MinerTransferField, MessageKey>>;

export function validateMinerTransfer(form: MinerTransferForm, ownAddress: string): MinerTransferErrors {
  const errors: MinerTransferErrors = fundPasswordErrors(form.fundPassword);
  const to = recipientError(form.to, ownAddress);
  if (to) errors.to = to;
  return errors;
}

export function toMinerTransferRequest(form: MinerTransferForm): MinerTransferRequest {
  return { to: form.to.trim(), fund_password: form.fundPassword };
}

const fieldOfCode: ReadonlyArray<readonly [number, MinerTransferField]> = [
  [errorCatalog.invalid_wallet_account.code, 'to'],
  [errorCatalog.transfer_to_self.code, 'to'],
  ...fundPasswordRefusals,
];

/** The form field a refusal of the server is about, if any. */
export function minerTransferFieldOfError(error: {
  code: number;
  field?: string | undefined;
}): MinerTransferField | undefined {
  return fieldOfError(error, ['to', 'fund_password'], fieldOfCode);
}
