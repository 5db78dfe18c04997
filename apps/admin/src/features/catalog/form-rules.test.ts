import { describe, expect, it } from 'vitest';
import { grantInputOf, stockChangeOf, stockProblems } from './form-rules';

describe('stock change', () => {
  it('reads a signed whole number other than 0', () => {
    expect(stockChangeOf('+50')).toBe(50);
    expect(stockChangeOf(' -10 ')).toBe(-10);
    expect(stockChangeOf('7')).toBe(7);
    for (const text of ['', '0', '+0', '1.5', '10 units', '--1']) expect(stockChangeOf(text)).toBeNull();
  });

  it('says what to type when it is not one', () => {
    expect(stockProblems({ change: 'ten' })).toEqual({ change: 'catalog.stock_change_invalid' });
    expect(stockProblems({ change: '-3' })).toEqual({});
  });
});

describe('grantInputOf', () => {
  it('trims the texts and sends a quantity that is not a whole number as 0 (the server names the bound)', () => {
    const values = { address: ' 0xAbC ', product_id: '', quantity: ' 3 ', reason: ' event prize ' };
    expect(grantInputOf(values, '9')).toEqual({
      address: '0xAbC',
      product_id: '9',
      quantity: 3,
      reason: 'event prize',
    });
    expect(grantInputOf({ ...values, quantity: '2.5' }, '9').quantity).toBe(0);
  });
});
