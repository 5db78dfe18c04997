import { isAddress, MONEY_REPORT_MAX_DAYS, WITHDRAWAL_REVIEW_NOTE_MIN } from '@wallx/shared';
import type { Problems } from '../../lib/use-form';

export type CreditValues = { user: string; reason: string };

/**
 * Crediting an unattributed deposit names the user by wallet address and says why, as long as a
 * withdrawal's review note must be: the second operator approves on these words.
 */
export function creditProblems({ user, reason }: CreditValues): Problems<'user' | 'reason'> {
  return {
    ...(isAddress(user.trim()) ? {} : { user: 'money.credit_user_invalid' }),
    ...(reason.trim().length < WITHDRAWAL_REVIEW_NOTE_MIN
      ? { reason: { key: 'money.reject_reason_required', values: { min: WITHDRAWAL_REVIEW_NOTE_MIN } } }
      : {}),
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A report covers whole days, from one to at most MONEY_REPORT_MAX_DAYS, the first not after the last. */
export function reportRangeProblems({ from, to }: { from: string; to: string }): Problems<'range'> {
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
  return days >= 1 && days <= MONEY_REPORT_MAX_DAYS
    ? {}
    : { range: { key: 'money.report_range', values: { days: MONEY_REPORT_MAX_DAYS } } };
}
