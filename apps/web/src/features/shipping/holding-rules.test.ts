import { describe, expect, it } from 'vitest';
import { holdingRef, isPendingVoucher, pickupAvailability } from './holding-rules';

const now = Date.parse('2026-11-24T00:00:00Z');

describe('pickupAvailability', () => {
  it('is open once the product’s pick-up date has come', () => {
    expect(pickupAvailability({ pickup_from: '2026-01-01T00:00:00.000Z' }, now)).toEqual({ kind: 'open' });
    expect(pickupAvailability({ pickup_from: '2026-11-24T00:00:00.000Z' }, now)).toEqual({ kind: 'open' });
  });

  it('is not yet available before the date, which it carries', () => {
    expect(pickupAvailability({ pickup_from: '2027-06-01T00:00:00.000Z' }, now)).toEqual({
      kind: 'later',
      from: '2027-06-01T00:00:00.000Z',
    });
  });

  it('is not yet available while no date is set', () => {
    expect(pickupAvailability({ pickup_from: null }, now)).toEqual({ kind: 'unscheduled' });
  });
});

describe('holdingRef', () => {
  it('names an unused order by its order id and a miner by its miner id', () => {
    expect(holdingRef({ kind: 'order', id: '7' })).toEqual({ order_id: '7' });
    expect(holdingRef({ kind: 'miner', id: '9' })).toEqual({ miner_id: '9' });
  });
});

describe('isPendingVoucher', () => {
  it('is a pick-up still to be collected, not a delivery nor a written-off voucher', () => {
    expect(isPendingVoucher({ kind: 'pickup', status: 'pending' })).toBe(true);
    expect(isPendingVoucher({ kind: 'pickup', status: 'written_off' })).toBe(false);
    expect(isPendingVoucher({ kind: 'delivery', status: 'to_ship' })).toBe(false);
  });
});
