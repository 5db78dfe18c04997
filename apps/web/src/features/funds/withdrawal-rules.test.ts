import { describe, expect, it } from 'vitest';
import { errorCatalog } from '@wallx/shared';
import {
  maxWithdrawal,
  toWithdrawalRequest,
  totalDebit,
  validateWithdrawal,
  withdrawAmountError,
  withdrawalFieldOfError,
  type WithdrawalLimits,
} from './withdrawal-rules';

const limits: WithdrawalLimits = { min: '20', fee: '1.5', balance: '100' };

describe('withdrawAmountError', () => {
  it('requires a number', () => {
    expect(withdrawAmountError('', 'USDT', limits)).toBe('funds.amount_required');
    expect(withdrawAmountError('abc', 'USDT', limits)).toBe('funds.amount_whole');
    expect(withdrawAmountError('-10', 'USDT', limits)).toBe('funds.amount_whole');
  });

  it('needs a whole positive multiple of 10', () => {
    for (const bad of ['0', '15', '12.5', '20.0', '9', '101']) {
      expect(withdrawAmountError(bad, 'USDT', { ...limits, balance: '1000' }), bad).toBe(
        'errors.withdrawal_not_multiple',
      );
    }
    expect(withdrawAmountError('20', 'USDT', limits)).toBeUndefined();
    expect(withdrawAmountError('0090', 'USDT', limits)).toBeUndefined();
  });

  it('needs at least the minimum, compared as decimals', () => {
    expect(withdrawAmountError('10', 'USDT', limits)).toBe('errors.withdrawal_too_small');
    expect(withdrawAmountError('20', 'USDT', { ...limits, min: '20.000000000000000001' })).toBe(
      'errors.withdrawal_too_small',
    );
    expect(withdrawAmountError('20', 'USDT', { ...limits, min: '19.999999999999999999' })).toBeUndefined();
  });

  it('needs the amount within the balance, named by asset', () => {
    expect(withdrawAmountError('110', 'USDT', limits)).toBe('errors.insufficient_usdt');
    expect(withdrawAmountError('110', 'WALLX', limits)).toBe('errors.insufficient_wallx');
    expect(withdrawAmountError('100', 'USDT', { ...limits, balance: '99.999999999999999999' })).toBe(
      'errors.insufficient_usdt',
    );
  });

  it('needs the fee on top within the balance', () => {
    expect(withdrawAmountError('100', 'USDT', limits)).toBe('errors.insufficient_fee');
    expect(withdrawAmountError('90', 'USDT', limits)).toBeUndefined();
    // 100 + 1.5 fits 101.5 exactly, not 101.499999999999999999.
    expect(withdrawAmountError('100', 'USDT', { ...limits, balance: '101.5' })).toBeUndefined();
    expect(withdrawAmountError('100', 'USDT', { ...limits, balance: '101.499999999999999999' })).toBe(
      'errors.insufficient_fee',
    );
  });

  it('handles amounts beyond float precision', () => {
    const huge = { min: '10', fee: '0.000000000000000001', balance: '100000000000000000000.000000000000000001' };
    expect(withdrawAmountError('100000000000000000000', 'WALLX', huge)).toBeUndefined();
    expect(withdrawAmountError('100000000000000000000', 'WALLX', { ...huge, fee: '0.000000000000000002' })).toBe(
      'errors.insufficient_fee',
    );
  });
});

describe('validateWithdrawal and the request', () => {
  it('asks for the fund password', () => {
    expect(validateWithdrawal({ asset: 'USDT', amount: '20', fundPassword: '' }, limits)).toEqual({
      fund_password: 'funds.fund_password_required',
    });
    expect(validateWithdrawal({ asset: 'USDT', amount: '20', fundPassword: 'secret1' }, limits)).toEqual({});
  });

  it('sends the amount without leading zeros', () => {
    expect(toWithdrawalRequest({ asset: 'WALLX', amount: ' 0050 ', fundPassword: 'pw' })).toEqual({
      asset: 'WALLX',
      amount: '50',
      fund_password: 'pw',
    });
  });

  it('shows what leaves the balance', () => {
    expect(totalDebit('20', '1.5')).toBe('21.5');
    expect(totalDebit('20', '0')).toBe('20');
    expect(totalDebit('x', '1')).toBeNull();
  });

  it('offers the largest valid amount', () => {
    expect(maxWithdrawal(limits)).toBe(90n);
    expect(maxWithdrawal({ ...limits, balance: '101.5' })).toBe(100n);
    expect(maxWithdrawal({ ...limits, balance: '21' })).toBe(0n);
    expect(maxWithdrawal({ ...limits, balance: '0' })).toBe(0n);
  });

  it('places refusals of the server on their field', () => {
    expect(withdrawalFieldOfError({ code: errorCatalog.insufficient_fee.code })).toBe('amount');
    expect(withdrawalFieldOfError({ code: errorCatalog.withdrawal_too_small.code })).toBe('amount');
    expect(withdrawalFieldOfError({ code: errorCatalog.fund_password_incorrect.code })).toBe('fund_password');
    expect(withdrawalFieldOfError({ code: errorCatalog.account_frozen.code })).toBeUndefined();
    expect(withdrawalFieldOfError({ code: 1, field: 'amount' })).toBe('amount');
  });
});
