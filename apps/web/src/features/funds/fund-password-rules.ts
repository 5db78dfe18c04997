import { FUND_PASSWORD_MIN_LENGTH } from '@wallx/shared';
import type { MessageKey } from '../../lib/message-key';

export type FundPasswordForm = { oldPassword: string; password: string; confirm: string };

/** Named as the request body names them, so a field the server names maps straight onto the form. */
export type FundPasswordField = 'old_password' | 'password' | 'confirm';
export type FundPasswordErrors = Partial<Record<FundPasswordField, MessageKey>>;

export const fundPasswordFields: readonly FundPasswordField[] = ['old_password', 'password', 'confirm'];

/**
 * The server's rules, checked before sending so that the user hears at once (the server checks the
 * same and stays the judge): at least 6 characters, counted as JavaScript counts them on both sides;
 * the confirmation must match. Changing needs the current password; its correctness is the server's.
 */
export function validateFundPassword(form: FundPasswordForm, { isChange }: { isChange: boolean }): FundPasswordErrors {
  const errors: FundPasswordErrors = {};
  if (isChange && form.oldPassword === '') errors.old_password = 'funds.current_password_required';
  if (form.password.length < FUND_PASSWORD_MIN_LENGTH) errors.password = 'errors.fund_password_too_short';
  if (form.confirm !== form.password) errors.confirm = 'errors.fund_password_mismatch';
  return errors;
}

export function isFundPasswordField(field: string | undefined): field is FundPasswordField {
  return (fundPasswordFields as readonly string[]).includes(field ?? '');
}
