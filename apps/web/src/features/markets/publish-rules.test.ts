import { describe, expect, it } from 'vitest';
import { errorCatalog } from '@wallx/shared';
import {
  c2cQuote,
  mtradeQuote,
  normalizePrice,
  parseAmount,
  priceError,
  publishFieldOfError,
  toC2cRequest,
  toMtradeRequest,
  validateC2cPublish,
  validateMtradePublish,
  type C2cPublishForm,
  type MtradePublishForm,
} from './publish-rules';

const machine: MtradePublishForm = { minerId: '7', unitPrice: '120.5', expiry: '3D', fundPassword: 'secret1' };
const wallx: C2cPublishForm = { amount: '1000', unitPrice: '0.35', expiry: '1D', fundPassword: 'secret1' };
const context = { wallx: '1010', feeRate: '0.01' };

describe('priceError', () => {
  it('takes positive prices with at most 6 decimals', () => {
    expect(priceError('120')).toBeUndefined();
    expect(priceError('0.000001')).toBeUndefined();
    expect(priceError(' 999999999999.999999 ')).toBeUndefined();
  });

  it('refuses the rest', () => {
    expect(priceError('')).toBe('markets.price_required');
    expect(priceError('0')).toBe('markets.price_invalid');
    expect(priceError('0.000000')).toBe('markets.price_invalid');
    expect(priceError('1.1234567')).toBe('markets.price_invalid');
    expect(priceError('-1')).toBe('markets.price_invalid');
    expect(priceError('1e3')).toBe('markets.price_invalid');
    expect(priceError('1,000')).toBe('markets.price_invalid');
    expect(priceError('1000000000000')).toBe('markets.price_invalid');
  });

  it('drops redundant zeros', () => {
    expect(normalizePrice('007.500')).toBe('7.5');
    expect(normalizePrice('10')).toBe('10');
  });
});

describe('validateMtradePublish', () => {
  it('accepts a complete form', () => {
    expect(validateMtradePublish(machine)).toEqual({});
  });

  it('needs a miner and an expiry, each named on its own field', () => {
    expect(validateMtradePublish({ ...machine, minerId: null, expiry: null })).toEqual({
      miner_id: 'markets.miner_required',
      expiry: 'markets.expiry_required',
    });
    // A chosen expiry is not blamed for a missing miner (issue 45).
    expect(validateMtradePublish({ ...machine, minerId: null })).toEqual({ miner_id: 'markets.miner_required' });
  });

  it('needs a price and the fund password', () => {
    expect(validateMtradePublish({ ...machine, unitPrice: 'abc', fundPassword: '' })).toEqual({
      unit_price: 'markets.price_invalid',
      fund_password: 'funds.fund_password_required',
    });
  });

  it('builds the request of a valid form', () => {
    expect(toMtradeRequest({ ...machine, unitPrice: '0120.50' })).toEqual({
      miner_id: '7',
      unit_price: '120.5',
      expiry: '3D',
      fund_password: 'secret1',
    });
    expect(() => toMtradeRequest({ ...machine, minerId: null })).toThrow(RangeError);
  });
});

describe('mtradeQuote', () => {
  it('takes the fee off the price, exactly', () => {
    expect(mtradeQuote('120.5', '0.05')).toEqual({ fee: '6.025', receive: '114.475' });
    expect(mtradeQuote('0.000001', '0.05')).toEqual({ fee: '0.00000005', receive: '0.00000095' });
    expect(mtradeQuote('100', '0')).toEqual({ fee: '0', receive: '100' });
  });

  it('has nothing to say about an invalid price', () => {
    expect(mtradeQuote('', '0.05')).toBeNull();
    expect(mtradeQuote('1.1234567', '0.05')).toBeNull();
  });
});

describe('c2cQuote', () => {
  it('gives the buyer’s total, the fee and what is held', () => {
    expect(c2cQuote('1000', '0.35', '0.01')).toEqual({ total: '350', fee: '10', held: '1010' });
    expect(c2cQuote('3', '0.333333', '0.015')).toEqual({ total: '0.999999', fee: '0.045', held: '3.045' });
  });

  it('shows the escrow before a price is given', () => {
    expect(c2cQuote('100', '', '0.01')).toEqual({ total: null, fee: '1', held: '101' });
    expect(c2cQuote('1.5', '1', '0.01')).toBeNull();
  });
});

describe('validateC2cPublish', () => {
  it('accepts an amount whose fee fits the balance too', () => {
    expect(validateC2cPublish(wallx, context)).toEqual({});
  });

  it('wants a whole amount greater than 0', () => {
    expect(validateC2cPublish({ ...wallx, amount: '' }, context).amount).toBe('markets.amount_required');
    expect(validateC2cPublish({ ...wallx, amount: '1.5' }, context).amount).toBe('markets.amount_whole');
    expect(validateC2cPublish({ ...wallx, amount: '0' }, context).amount).toBe('markets.amount_whole');
    expect(parseAmount('0042')).toBe('42');
  });

  it('says which part of the balance is short', () => {
    expect(validateC2cPublish({ ...wallx, amount: '1011' }, context).amount).toBe('errors.insufficient_wallx');
    expect(validateC2cPublish({ ...wallx, amount: '1001' }, context).amount).toBe('errors.insufficient_fee');
    expect(validateC2cPublish({ ...wallx, amount: '1000' }, { wallx: '1009.99', feeRate: '0.01' }).amount).toBe(
      'errors.insufficient_fee',
    );
  });

  it('needs a price, an expiry and the fund password', () => {
    expect(validateC2cPublish({ ...wallx, unitPrice: '0', expiry: null, fundPassword: '' }, context)).toEqual({
      unit_price: 'markets.price_invalid',
      expiry: 'markets.expiry_required',
      fund_password: 'funds.fund_password_required',
    });
  });

  it('builds the request of a valid form', () => {
    expect(toC2cRequest({ ...wallx, amount: '01000' })).toEqual({
      amount: '1000',
      unit_price: '0.35',
      expiry: '1D',
      fund_password: 'secret1',
    });
  });
});

describe('publishFieldOfError', () => {
  it('places the server’s refusals on their fields', () => {
    expect(publishFieldOfError({ code: errorCatalog.gift_not_transferable.code })).toBe('miner_id');
    expect(publishFieldOfError({ code: errorCatalog.miner_is_on.code })).toBe('miner_id');
    expect(publishFieldOfError({ code: errorCatalog.insufficient_fee.code })).toBe('amount');
    expect(publishFieldOfError({ code: errorCatalog.fund_password_incorrect.code })).toBe('fund_password');
    expect(publishFieldOfError({ code: errorCatalog.sell_order_incomplete.code, field: 'expiry' })).toBe('expiry');
    expect(publishFieldOfError({ code: errorCatalog.account_frozen.code })).toBeUndefined();
  });
});
