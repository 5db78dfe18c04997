import { describe, expect, it } from 'vitest';
import { errorCatalog } from '@wallx/shared';
import {
  isWalletAddress,
  isWithinBalance,
  parseWholeAmount,
  toTransferRequest,
  transferArrives,
  transferFieldOfError,
  TRANSFER_FEE,
  validateTransfer,
  wholeUnits,
  type TransferForm,
} from './transfer-rules';

const me = '0x1111111111111111111111111111111111111111';
const friend = '0xAbCdEf0123456789abcdef0123456789ABCDEF01';
const context = { ownAddress: me, balance: { usdt: '100.5', wallx: '0' } };
const valid: TransferForm = { asset: 'USDT', to: friend, amount: '100', fundPassword: 'secret1' };

describe('parseWholeAmount', () => {
  it('reads whole numbers greater than 0', () => {
    expect(parseWholeAmount('1')).toBe(1n);
    expect(parseWholeAmount(' 250 ')).toBe(250n);
    expect(parseWholeAmount('007')).toBe(7n);
  });

  it('keeps every digit of huge amounts (no float on the way), up to the 20 digits the server takes', () => {
    expect(parseWholeAmount('12345678901234567890')).toBe(12345678901234567890n);
    expect(parseWholeAmount('9007199254740993')).toBe(9007199254740993n);
    expect(parseWholeAmount('000012345678901234567890')).toBe(12345678901234567890n);
    expect(parseWholeAmount('123456789012345678901')).toBeNull();
  });

  it('refuses decimals, zero, signs, exponents, separators and words', () => {
    for (const input of [
      '1.5',
      '1.0',
      '.5',
      '0',
      '000',
      '-1',
      '+1',
      '1e3',
      '1,000',
      '1 000',
      '0x10',
      'ten',
      '',
      ' ',
      '١٢',
    ]) {
      expect(parseWholeAmount(input), input).toBeNull();
    }
  });
});

describe('wholeUnits and isWithinBalance', () => {
  it('takes the whole units of a decimal balance', () => {
    expect(wholeUnits('12.75')).toBe(12n);
    expect(wholeUnits('0.999999999999999999')).toBe(0n);
    expect(wholeUnits('12345678901234567890.5')).toBe(12345678901234567890n);
    expect(wholeUnits('7')).toBe(7n);
  });

  it('treats a malformed balance as nothing to spend', () => {
    expect(wholeUnits('')).toBe(0n);
    expect(wholeUnits('-5')).toBe(0n);
    expect(wholeUnits('abc')).toBe(0n);
  });

  it('compares exactly, where floats would not', () => {
    expect(isWithinBalance(100n, '100.5')).toBe(true);
    expect(isWithinBalance(101n, '100.5')).toBe(false);
    expect(isWithinBalance(1n, '0.999999999999999999')).toBe(false);
    // 2^53 + 1: a float rounds the balance down to 2^53 and would refuse this.
    expect(isWithinBalance(9007199254740993n, '9007199254740993')).toBe(true);
    expect(isWithinBalance(9007199254740994n, '9007199254740993.9')).toBe(false);
  });
});

describe('isWalletAddress', () => {
  it('wants 0x and 40 hex digits, in any case', () => {
    expect(isWalletAddress(friend)).toBe(true);
    expect(isWalletAddress(friend.toLowerCase())).toBe(true);
    expect(isWalletAddress(` ${friend} `)).toBe(true);
    expect(isWalletAddress(friend.slice(0, -1))).toBe(false);
    expect(isWalletAddress(`${friend}0`)).toBe(false);
    expect(isWalletAddress(friend.slice(2))).toBe(false);
    expect(isWalletAddress('0xZZcdef0123456789abcdef0123456789abcdef01')).toBe(false);
  });
});

describe('validateTransfer', () => {
  it('passes a good form', () => {
    expect(validateTransfer(valid, context)).toEqual({});
  });

  it('asks for every field', () => {
    expect(validateTransfer({ asset: 'USDT', to: '', amount: '', fundPassword: '' }, context)).toEqual({
      to: 'funds.recipient_required',
      amount: 'funds.amount_required',
      fund_password: 'funds.fund_password_required',
    });
  });

  it('refuses an address that is not one', () => {
    expect(validateTransfer({ ...valid, to: '0x1234' }, context)).toEqual({ to: 'errors.invalid_wallet_account' });
  });

  it('refuses one’s own address, whatever its case', () => {
    expect(validateTransfer({ ...valid, to: me.toUpperCase().replace('0X', '0x') }, context)).toEqual({
      to: 'errors.transfer_to_self',
    });
    expect(validateTransfer({ ...valid, to: me }, { ...context, ownAddress: me.toUpperCase() })).toEqual({
      to: 'errors.transfer_to_self',
    });
  });

  it('wants a whole amount greater than 0', () => {
    expect(validateTransfer({ ...valid, amount: '1.5' }, context)).toEqual({ amount: 'funds.amount_whole' });
    expect(validateTransfer({ ...valid, amount: '0' }, context)).toEqual({ amount: 'funds.amount_whole' });
  });

  it('names the asset that is short', () => {
    expect(validateTransfer({ ...valid, amount: '101' }, context)).toEqual({ amount: 'errors.insufficient_usdt' });
    expect(validateTransfer({ ...valid, asset: 'WALLX', amount: '1' }, context)).toEqual({
      amount: 'errors.insufficient_wallx',
    });
  });
});

describe('toTransferRequest', () => {
  it('sends the amount without leading zeros and the address trimmed', () => {
    expect(toTransferRequest({ ...valid, to: ` ${friend} `, amount: '0042' })).toEqual({
      to: friend,
      asset: 'USDT',
      amount: '42',
      fund_password: 'secret1',
    });
  });

  it('keeps the fund password exactly as typed', () => {
    expect(toTransferRequest({ ...valid, fundPassword: ' pass word ' }).fund_password).toBe(' pass word ');
  });
});

describe('transferArrives', () => {
  it('is the whole amount: a transfer has no fee', () => {
    expect(TRANSFER_FEE).toBe('0');
    expect(transferArrives('30')).toBe('30');
    expect(transferArrives('123456789012345678901234')).toBe('123456789012345678901234');
  });

  it('takes a fee off exactly, in decimal units and not floats', () => {
    // 0.3 - 0.1 as floats is 0.19999999999999998.
    expect(transferArrives('0.3', '0.1')).toBe('0.2');
    expect(transferArrives('10', '1.5')).toBe('8.5');
  });

  it('is null for an amount that is no number or does not cover the fee', () => {
    expect(transferArrives('abc')).toBeNull();
    expect(transferArrives('1', '2')).toBeNull();
  });
});

describe('transferFieldOfError', () => {
  it('uses the field the server names', () => {
    expect(transferFieldOfError({ code: errorCatalog.invalid_params.code, field: 'amount' })).toBe('amount');
    expect(transferFieldOfError({ code: errorCatalog.fund_password_incorrect.code, field: 'fund_password' })).toBe(
      'fund_password',
    );
  });

  it('places balance refusals on the amount', () => {
    expect(transferFieldOfError({ code: errorCatalog.insufficient_usdt.code })).toBe('amount');
    expect(transferFieldOfError({ code: errorCatalog.insufficient_wallx.code })).toBe('amount');
  });

  it('has no field for errors about the whole request', () => {
    expect(transferFieldOfError({ code: errorCatalog.account_frozen.code })).toBeUndefined();
    expect(transferFieldOfError({ code: errorCatalog.invalid_params.code, field: 'asset' })).toBeUndefined();
  });
});
