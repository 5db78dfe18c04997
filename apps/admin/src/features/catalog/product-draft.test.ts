import { describe, expect, it } from 'vitest';
import { isFiveLanguageName, type OperatorProduct } from '@wallx/shared';
import { createPayload, draftOf, editPayload, emptyDraft } from './product-draft';

const product: OperatorProduct = {
  id: '7',
  name: 'en_US:::Home Miner\nzh_CN:::家用矿机\nko_KR:::홈\nja_JP:::ホーム\nid_ID:::Rumah',
  image: '',
  category: 'machine',
  price_usdt: '100',
  price_wallx: null,
  daily_output: '1.2',
  output_days: 120,
  stock: 9,
  per_user_limit: null,
  physical: true,
  gift: false,
  on_sale: true,
  sort: 2,
  pickup_from: null,
  version: 3,
  units_out: 0,
  created_at: '2026-11-24T00:00:00.000Z',
  updated_at: '2026-11-24T00:00:00.000Z',
};

describe('product draft', () => {
  it('round-trips a product into the edit the server takes, stock left to its own adjustment', () => {
    const edit = editPayload(draftOf(product), product.version);
    expect(edit).toEqual({
      name: product.name,
      category: 'machine',
      price_usdt: '100',
      price_wallx: null,
      daily_output: '1.2',
      output_days: 120,
      per_user_limit: null,
      pickup_from: null,
      physical: true,
      gift: false,
      on_sale: true,
      sort: 2,
      version: 3,
    });
    expect(isFiveLanguageName(edit.name)).toBe(true);
  });

  it('sends what the operator typed for the server to judge, a new product hidden', () => {
    const draft = { ...emptyDraft(), output_days: '3x', stock: '5' };
    const payload = createPayload(draft);
    expect(payload).toMatchObject({ on_sale: false, stock: 5, output_days: null, price_usdt: null });
    expect(isFiveLanguageName(payload.name)).toBe(false);
  });
});
