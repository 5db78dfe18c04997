// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { en_US } from '@wallx/shared/i18n/wellbeing/en_US';
import { confirmDialog } from '../../lib/confirm-dialog';
import { fakeApi, renderWithProviders, setUpApiTests } from '../../lib/test-api';
import { showToast } from '../../lib/toast';
import { MoodScreen } from './mood-screen';
import { TODAY, trendsOf } from './test-fixtures';

vi.mock('../../lib/toast', () => ({ showToast: vi.fn() }));
vi.mock('../../lib/confirm-dialog', () => ({ confirmDialog: vi.fn() }));

const m = en_US.mood;
const c = en_US.checkins;

setUpApiTests({ balance: { usdt: '0', wallx: '0' }, sections: ['wellbeing'] });

const history = { 0: 4, 1: 2, 2: 5, 9: 3 };
const trendsRead = (moods: Record<number, number>) => (url: URL) =>
  trendsOf(Number(url.searchParams.get('days') ?? 30) as 7 | 30 | 90, moods);
const calendarRead = (url: URL) => ({
  month: url.searchParams.get('month') ?? TODAY.slice(0, 7),
  days: url.searchParams.get('month')
    ? []
    : [
        { day: '2026-11-27', mood: 2 },
        { day: TODAY, mood: 4 },
      ],
});

describe('MoodScreen', () => {
  it('draws the chart with its figures as text, the streaks, top feelings and the month', async () => {
    const api = fakeApi({
      reads: { '/api/checkins/trends': trendsRead(history), '/api/checkins/calendar': calendarRead },
    });
    renderWithProviders(<MoodScreen />, '/mood');
    const chart = await screen.findByTestId('mood-chart');
    expect(chart.getAttribute('aria-label')).toBe('Average mood 3.5 over 4 days checked in.');
    // 30 days, a dot for each of the four days checked in; a gap breaks the line into runs.
    expect(chart.querySelectorAll('circle')).toHaveLength(4);
    expect(chart.querySelectorAll('polyline')).toHaveLength(2);
    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(31);
    expect(rows.at(-1)!.textContent).toBe(`${TODAY}4 – ${c.mood_4}`);
    expect(rows.at(-4)!.textContent).toContain(m.no_entry);
    expect(screen.getByTestId('mood-average').textContent).toBe('3.5');
    expect(screen.getByText(c.feeling.calm)).toBeTruthy();
    const calendar = screen.getByRole('heading', { name: 'November 2026' }).closest('section')!;
    expect(await within(calendar).findByLabelText(`2026-11-27: ${c.mood_2}`)).toBeTruthy();
    // This month is the last there is; the month before is asked for by its name.
    expect((within(calendar).getByRole('button', { name: m.next_month }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(calendar).getByRole('button', { name: m.prev_month }));
    expect(await screen.findByRole('heading', { name: 'October 2026' })).toBeTruthy();
    expect(api.gets().some((get) => get.url.searchParams.get('month') === '2026-10')).toBe(true);
  });

  it('switches between 7, 30 and 90 days', async () => {
    const api = fakeApi({
      reads: { '/api/checkins/trends': trendsRead(history), '/api/checkins/calendar': calendarRead },
    });
    renderWithProviders(<MoodScreen />, '/mood');
    await screen.findByTestId('mood-chart');
    fireEvent.click(screen.getByRole('tab', { name: '7 days' }));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(8));
    expect(screen.getByRole('tab', { name: '7 days' }).getAttribute('aria-selected')).toBe('true');
    expect(api.gets().map((get) => get.url.searchParams.get('days'))).toEqual(
      expect.arrayContaining(['7', '30', '90']),
    );
  });

  it('with one check-in still makes sense: one dot and an invitation to come back', async () => {
    fakeApi({ reads: { '/api/checkins/trends': trendsRead({ 0: 3 }), '/api/checkins/calendar': calendarRead } });
    renderWithProviders(<MoodScreen />, '/mood');
    const chart = await screen.findByTestId('mood-chart');
    expect(chart.querySelectorAll('circle')).toHaveLength(1);
    expect(screen.getByText(m.one_entry)).toBeTruthy();
  });

  it('with no check-ins invites to check in', async () => {
    fakeApi({ reads: { '/api/checkins/trends': trendsRead({}), '/api/checkins/calendar': calendarRead } });
    renderWithProviders(<MoodScreen />, '/mood');
    expect(await screen.findByRole('heading', { name: m.empty })).toBeTruthy();
    expect(screen.getByRole('link', { name: m.check_in }).getAttribute('href')).toBe('/checkin');
    expect(screen.queryByTestId('mood-chart')).toBeNull();
  });

  it('deletes the history only once confirmed, then shows the empty state', async () => {
    let moods: Record<number, number> = history;
    const api = fakeApi({
      reads: { '/api/checkins/trends': (url: URL) => trendsRead(moods)(url), '/api/checkins/calendar': calendarRead },
      writes: {
        '/api/checkins': () => {
          moods = {};
          return { deleted: 4 };
        },
      },
    });
    vi.mocked(confirmDialog).mockResolvedValueOnce(false).mockResolvedValueOnce(true);
    renderWithProviders(<MoodScreen />, '/mood');
    await screen.findByTestId('mood-chart');
    fireEvent.click(screen.getByRole('button', { name: m.delete }));
    await waitFor(() => expect(confirmDialog).toHaveBeenCalledTimes(1));
    expect(api.posts).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: m.delete }));
    expect(await screen.findByRole('heading', { name: m.empty })).toBeTruthy();
    expect(api.posts).toEqual([{ path: '/api/checkins', method: 'DELETE', idempotencyKey: null, body: undefined }]);
    expect(showToast).toHaveBeenCalledWith(m.deleted, 'success');
  });

  it('exports my data as a JSON file', async () => {
    const exported = {
      exported_at: '2026-11-28T09:00:00.000Z',
      address: '0xabc',
      checkins: [],
      rewards: [],
      leaderboard: { nickname: null, on_board: true },
    };
    fakeApi({
      reads: {
        '/api/checkins/trends': trendsRead(history),
        '/api/checkins/calendar': calendarRead,
        '/api/checkins/export': exported,
      },
    });
    const blobs: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: (blob: Blob) => (blobs.push(blob), 'blob:x'), revokeObjectURL: () => {} }),
    );
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    renderWithProviders(<MoodScreen />, '/mood');
    await screen.findByTestId('mood-chart');
    fireEvent.click(screen.getByRole('button', { name: m.export }));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith(m.exported, 'success'));
    expect(clicked).toEqual(['wallx-wellbeing-2026-11-28.json']);
    expect(JSON.parse(await blobs[0]!.text())).toEqual(exported);
  });
});
