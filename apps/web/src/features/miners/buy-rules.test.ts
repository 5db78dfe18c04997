import { describe, expect, it } from 'vitest';
import { MINER_BUY_MAX_QUANTITY, type MinerProduct } from '@wallx/shared';
import {
  BUY_MAX_QUANTITY,
  buyError,
  clampQuantity,
  maxQuantity,
  payAssetsOf,
  totalOutput,
  totalPrice,
} from './buy-rules';

const product: MinerProduct = {
  id: '1',
  name: 'en_US:::Home miner',
  image: '/catalog/home-miner.svg',
  category: 'machine',
  price_usdt: '99.9',
  price_wallx: null,
  daily_output: '1.2',
  output_days: 360,
  stock: 50,
  per_user_limit: 5,
  physical: false,
  gift: false,
};

describe('totalPrice', () => {
  it('multiplies without floats', () => {
    // 0.1 × 3 is 0.30000000000000004 in floats.
    expect(totalPrice('0.1', 3)).toBe('0.3');
    expect(totalPrice('99.9', 7)).toBe('699.3');
    expect(totalPrice('0.000000000000000001', 100)).toBe('0.0000000000000001');
    expect(totalPrice('1000', 0)).toBe('0');
  });

  it('refuses what is not a price or a count', () => {
    expect(totalPrice('abc', 1)).toBeNull();
    expect(totalPrice('1', 1.5)).toBeNull();
    expect(totalPrice('1', -1)).toBeNull();
  });

  it('gives the total output of a miner', () => {
    expect(totalOutput('1.2', 360)).toBe('432');
    expect(totalOutput('0.35', 3)).toBe('1.05');
  });
});

describe('payAssetsOf', () => {
  it('lists only the assets with a price', () => {
    expect(payAssetsOf(product)).toEqual(['USDT']);
    expect(payAssetsOf({ price_usdt: null, price_wallx: '10' })).toEqual(['WALLX']);
    expect(payAssetsOf({ price_usdt: '1', price_wallx: '10' })).toEqual(['USDT', 'WALLX']);
    expect(payAssetsOf({ price_usdt: null, price_wallx: null })).toEqual([]);
  });
});

describe('quantity', () => {
  it('has the request schema’s cap', () => {
    expect(BUY_MAX_QUANTITY).toBe(MINER_BUY_MAX_QUANTITY);
  });

  it('is capped by the request limit, the stock and the per-user limit', () => {
    expect(maxQuantity(product)).toBe(5);
    expect(maxQuantity({ stock: 3, per_user_limit: null })).toBe(3);
    expect(maxQuantity({ stock: 10_000, per_user_limit: null })).toBe(MINER_BUY_MAX_QUANTITY);
    expect(maxQuantity({ stock: 0, per_user_limit: 2 })).toBe(0);
  });

  it('stays between 1 and the maximum', () => {
    expect(clampQuantity(0, 5)).toBe(1);
    expect(clampQuantity(9, 5)).toBe(5);
    expect(clampQuantity(2.7, 5)).toBe(2);
    expect(clampQuantity(Number.NaN, 5)).toBe(1);
    expect(clampQuantity(3, 0)).toBe(1);
  });
});

describe('buyError', () => {
  it('checks the stock, the pay asset and the balance to the last unit', () => {
    expect(buyError(product, { asset: 'USDT', quantity: 2 }, { usdt: '199.8', wallx: '0' })).toBeUndefined();
    expect(buyError(product, { asset: 'USDT', quantity: 2 }, { usdt: '199.799999999999999999', wallx: '0' })).toBe(
      'errors.insufficient_usdt',
    );
    expect(buyError(product, { asset: 'WALLX', quantity: 1 }, { usdt: '0', wallx: '1000' })).toBe(
      'errors.pay_asset_unavailable',
    );
    expect(buyError({ ...product, stock: 0 }, { asset: 'USDT', quantity: 1 }, { usdt: '1000', wallx: '0' })).toBe(
      'errors.product_sold_out',
    );
    expect(
      buyError({ ...product, price_wallx: '10' }, { asset: 'WALLX', quantity: 3 }, { usdt: '0', wallx: '20' }),
    ).toBe('errors.insufficient_wallx');
  });
});
