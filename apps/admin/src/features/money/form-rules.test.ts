import { describe, expect, it } from 'vitest';
import { MONEY_REPORT_MAX_DAYS, WITHDRAWAL_REVIEW_NOTE_MIN } from '@wallx/shared';
import { creditProblems, reportRangeProblems } from './form-rules';

const address = '0xabcdef0000000000000000000000000000000001';
const reason = 'x'.repeat(WITHDRAWAL_REVIEW_NOTE_MIN);

describe('crediting an unattributed deposit', () => {
  it('passes a wallet address (spaces around it allowed) and a reason of the least length', () => {
    expect(creditProblems({ user: ` ${address} `, reason })).toEqual({});
  });

  it('names the user field for anything but an address, and the reason when it is too short once trimmed', () => {
    expect(creditProblems({ user: 'alice', reason: ` ${reason.slice(1)}  ` })).toEqual({
      user: 'money.credit_user_invalid',
      reason: { key: 'money.reject_reason_required', values: { min: WITHDRAWAL_REVIEW_NOTE_MIN } },
    });
    expect(creditProblems({ user: `${address}0`, reason })).toEqual({ user: 'money.credit_user_invalid' });
  });
});

describe('the daily report range', () => {
  it('takes one day up to the most days, whatever the month or year they cross', () => {
    expect(reportRangeProblems({ from: '2026-11-26', to: '2026-11-26' })).toEqual({});
    expect(reportRangeProblems({ from: '2026-12-31', to: '2027-01-01' })).toEqual({});
    const last = new Date(Date.UTC(2026, 0, MONEY_REPORT_MAX_DAYS)).toISOString().slice(0, 10);
    expect(reportRangeProblems({ from: '2026-01-01', to: last })).toEqual({});
  });

  it('refuses a range one day too long, backwards, or with a missing end', () => {
    const tooFar = new Date(Date.UTC(2026, 0, MONEY_REPORT_MAX_DAYS + 1)).toISOString().slice(0, 10);
    const refused = { range: { key: 'money.report_range', values: { days: MONEY_REPORT_MAX_DAYS } } };
    expect(reportRangeProblems({ from: '2026-01-01', to: tooFar })).toEqual(refused);
    expect(reportRangeProblems({ from: '2026-11-26', to: '2026-11-25' })).toEqual(refused);
    expect(reportRangeProblems({ from: '', to: '2026-11-25' })).toEqual(refused);
  });
});
