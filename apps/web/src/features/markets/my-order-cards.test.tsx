// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { C2cOrder } from '@wallx/shared';
import { renderWithProviders, setUpApiTests } from '../../lib/test-api';
import { C2cMyOrderCard } from './my-order-cards';

setUpApiTests({ balance: { usdt: '0', wallx: '1000' }, sections: ['markets'] });

const order = (cancel: Pick<C2cOrder, 'cancel_reason' | 'cancel_note'>): C2cOrder => ({
  id: '41',
  amount: '100',
  unit_price: '2',
  total: '200',
  fee: '1',
  status: 'cancelled',
  expiry: '1D',
  expires_at: '2026-11-25T08:00:00.000Z',
  seller: '0x3333333333333333333333333333333333333333',
  buyer: null,
  created_at: '2026-11-24T08:00:00.000Z',
  filled_at: null,
  cancelled_at: '2026-11-24T09:00:00.000Z',
  ...cancel,
});

describe('my cancelled order', () => {
  it('says why when support cancelled it', () => {
    renderWithProviders(
      <C2cMyOrderCard
        order={order({ cancel_reason: 'operator', cancel_note: 'Price far off the market; please relist' })}
        role="sell"
        now={Date.now()}
      />,
    );
    expect(screen.getByText('Cancelled by support: Price far off the market; please relist')).toBeTruthy();
  });

  it('says nothing more when the seller cancelled it', () => {
    renderWithProviders(
      <C2cMyOrderCard order={order({ cancel_reason: 'seller', cancel_note: null })} role="sell" now={Date.now()} />,
    );
    expect(screen.queryByText(/Cancelled by support/)).toBeNull();
    expect(screen.getByText(/^Cancelled \d{4}-/)).toBeTruthy();
  });
});
