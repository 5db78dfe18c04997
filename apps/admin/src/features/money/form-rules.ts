import { formProblems, isAddress, MONEY_REPORT_MAX_DAYS, proposalRequestRules, type FieldRule } from '@wallx/shared';
import type { Problem, Problems } from '../../lib/use-form';

export type CreditValues = { user: string; reason: string };

const tooShort = (rule: FieldRule): Problem => ({
  key: 'money.reject_reason_required',
  values: { min: rule.minLength! },
});

/**
 * Crediting an unattributed deposit names the user by wallet address (the schema's refinement
 * requires one) and says why, as proposalRequestSchema counts it: the second operator approves on these words.
 */
export function creditProblems({ user, reason }: CreditValues): Problems<'user' | 'reason'> {
  return {
    ...(isAddress(user.trim()) ? {} : { user: 'money.credit_user_invalid' }),
    ...formProblems(proposalRequestRules, { reason }, { reason: { required: tooShort, too_short: tooShort } }),
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
