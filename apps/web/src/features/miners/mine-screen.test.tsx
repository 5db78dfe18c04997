// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Miner, MineSummary } from '@wallx/shared';
import { fakeApi, renderWithProviders, setUpApiTests } from '../../lib/test-api';
import { MineScreen } from './mine-screen';
import { MyMinesScreen } from './my-mines-screen';
import { utcOffset } from './output-day-zone';

vi.mock('../../lib/toast', () => ({ showToast: vi.fn() }));

function miner(id: string, acquisition: Miner['acquisition']): Miner {
  return {
    id,
    machine_no: `WX0000000${id}`,
    product: { id: 'p-1', name: 'en_US:::Node miner', image: '', category: 'node' },
    state: 'off',
    gift: acquisition.via === 'gift',
    daily_output: '1',
    output_days: 30,
    days_produced: 0,
    output_total: '0',
    activated_at: null,
    last_output_day: null,
    created_at: '2026-11-20T08:00:00.000Z',
    acquisition,
  };
}

const at = '2026-11-20T08:00:00.000Z';
const summary: MineSummary = {
  miners: 4,
  mining: 0,
  to_collect_count: 0,
  to_collect_amount: '0',
  collected_amount: '0',
  output_time_zone: 'Asia/Shanghai',
};
const reads = {
  '/api/miners/summary': summary,
  '/api/miners/outputs': { items: [], next_cursor: null },
  '/api/miners/mine': {
    items: [
      miner('4', { via: 'purchase', price: '125.500000', asset: 'USDT', at }),
      miner('3', { via: 'purchase', price: '3000', asset: 'WALLX', at }),
      miner('2', { via: 'market', price: '80.25', asset: 'USDT', at }),
      miner('1', { via: 'transfer', price: null, asset: null, at }),
      miner('5', { via: 'gift', price: null, asset: null, at }),
    ],
    next_cursor: null,
  },
};

setUpApiTests({ balance: { usdt: '0', wallx: '0' }, sections: ['miners'] });
// jsdom has no IntersectionObserver; the lists here fit one page.
beforeEach(() => {
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
});

describe('/mine: what each miner was bought for', () => {
  it('shows the unit price and asset of a purchase or market buy, and how a transfer or gift came', async () => {
    fakeApi({ reads });
    renderWithProviders(<MineScreen />, '/mine');
    expect(await screen.findByText('Bought for 125.5 USDT')).toBeTruthy();
    expect(screen.getByText('Bought for 3,000 WALLX')).toBeTruthy();
    expect(screen.getByText('Bought on the market for 80.25 USDT')).toBeTruthy();
    expect(screen.getByText('Received by transfer')).toBeTruthy();
    expect(screen.getByText('Granted as a gift')).toBeTruthy();
  });
});

describe('the output day’s time zone', () => {
  it('is shown on my miners and beside the output records', async () => {
    fakeApi({ reads });
    const mine = renderWithProviders(<MineScreen />, '/mine');
    expect((await screen.findByTestId('output-day-zone')).textContent).toBe('Days end at 00:00 Asia/Shanghai (UTC+8)');
    mine.unmount();
    renderWithProviders(<MyMinesScreen />, '/mymines');
    expect((await screen.findByTestId('output-day-zone')).textContent).toBe('Days end at 00:00 Asia/Shanghai (UTC+8)');
  });

  it('reads the offset of the day looked at, summer time and half hours included', () => {
    expect(utcOffset('Asia/Shanghai')).toBe('UTC+8');
    expect(utcOffset('UTC')).toBe('UTC');
    expect(utcOffset('Asia/Kolkata')).toBe('UTC+5:30');
    expect(utcOffset('America/New_York', new Date('2026-01-15T12:00:00Z'))).toBe('UTC-5');
    expect(utcOffset('America/New_York', new Date('2026-07-15T12:00:00Z'))).toBe('UTC-4');
  });
});
