import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DailyFlow } from '@wallx/shared';
import { setUpConsoleTests } from '../../lib/test-render';
import { FlowChart } from './flow-chart';

const d = setUpConsoleTests().dashboard;

/** 30 days from 2026-10-28, zero but where `figures` says otherwise (USDT; WALLX always zero). */
function days(figures: Record<number, { in?: string; out?: string }>): DailyFlow[] {
  return Array.from({ length: 30 }, (_, i) => ({
    day: new Date(Date.UTC(2026, 9, 28 + i)).toISOString().slice(0, 10),
    deposits: [
      { asset: 'USDT', count: figures[i]?.in ? 1 : 0, sum: figures[i]?.in ?? '0' },
      { asset: 'WALLX', count: 0, sum: '0' },
    ],
    withdrawals: [
      { asset: 'USDT', count: figures[i]?.out ? 1 : 0, sum: figures[i]?.out ?? '0' },
      { asset: 'WALLX', count: 0, sum: '0' },
    ],
  }));
}

describe('the flow chart', () => {
  it('draws deposits up and withdrawals down, scaled to the largest, with exact totals for screen readers', () => {
    const { container } = render(
      <FlowChart
        asset="USDT"
        days={days({ 0: { in: '1000' }, 3: { in: '250', out: '500' }, 29: { in: '0.000000000000000001' } })}
      />,
    );
    const image = screen.getByRole('img');
    expect(image.getAttribute('aria-label')).toBe(
      d.chart_summary
        .replace('{{asset}}', 'USDT')
        .replace('{{first}}', '2026-10-28')
        .replace('{{last}}', '2026-11-26')
        .replace('{{deposits}}', '1,250.000000000000000001')
        .replace('{{withdrawals}}', '500'),
    );
    const bars = (kind: 'in' | 'out') =>
      [...container.querySelectorAll(`.flow-chart__${kind}`)].map((bar) => ({
        day: bar.closest('g')!.getAttribute('data-day'),
        height: Number(bar.getAttribute('height')),
        y: Number(bar.getAttribute('y')),
      }));
    const deposits = bars('in');
    // Every day with a deposit has a bar, the tiniest too; a quiet day has none.
    expect(deposits.map((bar) => bar.day)).toEqual(['2026-10-28', '2026-10-31', '2026-11-26']);
    expect(deposits[0]!.height).toBe(74);
    expect(deposits[1]!.height).toBeCloseTo(18.5);
    expect(deposits[0]!.y + deposits[0]!.height).toBe(80);
    expect(deposits[2]!.height).toBe(1);
    const withdrawals = bars('out');
    expect(withdrawals).toEqual([{ day: '2026-10-31', height: 37, y: 80 }]);
    // Each day's tooltip names its exact figures.
    expect(container.querySelector('g[data-day="2026-11-26"] title')!.textContent).toBe(
      '2026-11-26: deposits 0.000000000000000001 USDT, withdrawals 0 USDT',
    );
  });

  it('has the same figures as a table, a row per day', () => {
    render(<FlowChart asset="USDT" days={days({ 3: { in: '250.5', out: '12345678.123456789012345678' } })} />);
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(31);
    expect(rows[4]!.textContent).toBe('2026-10-31250.512,345,678.123456789012345678');
    expect(rows[1]!.textContent).toBe('2026-10-2800');
  });

  it('a month with nothing is a flat line, not a division by zero', () => {
    const { container } = render(<FlowChart asset="WALLX" days={days({})} />);
    expect(container.querySelectorAll('.flow-chart__in, .flow-chart__out')).toHaveLength(0);
    expect(screen.getByRole('img').getAttribute('aria-label')).toContain('deposits 0 in all, withdrawals 0 in all');
  });
});
