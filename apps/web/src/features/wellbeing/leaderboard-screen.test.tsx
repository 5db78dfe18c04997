// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { errorCatalog, type LeaderboardProfile } from '@wallx/shared';
import { en_US } from '@wallx/shared/i18n/wellbeing/en_US';
import { confirmDialog } from '../../lib/confirm-dialog';
import { fakeApi, Refusal, renderWithProviders, setUpApiTests } from '../../lib/test-api';
import { showToast } from '../../lib/toast';
import { LeaderboardScreen } from './leaderboard-screen';
import { boardOf } from './test-fixtures';

vi.mock('../../lib/toast', () => ({ showToast: vi.fn() }));
vi.mock('../../lib/confirm-dialog', () => ({ confirmDialog: vi.fn() }));

const l = en_US.leaderboard;

setUpApiTests({ balance: { usdt: '0', wallx: '0' }, sections: ['wellbeing'] });

const onBoard: LeaderboardProfile = { nickname: 'Sunny', on_board: true, hidden: false };
const myRow = { rank: 42, name: 'Sunny', days: 2, streak: 2, me: true, prize: null };

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent);

describe('LeaderboardScreen', () => {
  it('shows this week Monday to Sunday, the ranked rows and my place pinned above them', async () => {
    fakeApi({
      reads: {
        '/api/leaderboard': boardOf({ total: 45, me: myRow }),
        '/api/leaderboard/profile': onBoard,
      },
    });
    renderWithProviders(<LeaderboardScreen />, '/leaderboard');
    expect(await screen.findByRole('heading', { name: '2026-11-23 – 2026-11-29' })).toBeTruthy();
    expect(screen.getByTestId('board-state').textContent).toMatch(/^Ends 2026-11-/);
    expect(rowsOf(screen.getByRole('table', { name: l.title }))).toEqual(['1Sunny69100', '20x1234…abcd5550']);
    const mine = screen.getByRole('table', { name: l.my_place });
    expect(rowsOf(mine)).toEqual([`42Sunny${l.me}22–`]);
    expect(within(mine).getAllByRole('row')[1]!.getAttribute('aria-current')).toBe('true');
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    // The week that is still open has no next week.
    expect((screen.getByRole('button', { name: l.next_week }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('highlights my row in place when it is on the page, and pages on', async () => {
    const api = fakeApi({
      reads: {
        '/api/leaderboard': (url: URL) =>
          url.searchParams.get('page') === '2'
            ? boardOf({ page: 2, total: 25, items: [{ ...myRow, rank: 21 }], me: { ...myRow, rank: 21 } })
            : boardOf({ total: 25, me: { ...myRow, rank: 21 } }),
        '/api/leaderboard/profile': onBoard,
      },
    });
    renderWithProviders(<LeaderboardScreen />, '/leaderboard');
    fireEvent.click(await screen.findByRole('button', { name: l.next_page }));
    expect(await screen.findByText('Page 2 of 2')).toBeTruthy();
    const table = screen.getByRole('table', { name: l.title });
    expect(within(table).getAllByRole('row')[1]!.className).toBe('is-me');
    expect(screen.queryByRole('table', { name: l.my_place })).toBeNull();
    expect(api.gets().at(-1)?.url.searchParams.get('week')).toBe('2026-11-23');
  });

  it('goes back to a closed week, which says its prizes were paid', async () => {
    const api = fakeApi({
      reads: {
        '/api/leaderboard': (url: URL) =>
          url.searchParams.get('week') === '2026-11-16'
            ? boardOf({ week: '2026-11-16', ends: '2026-11-22T16:00:00.000Z', closed: true })
            : boardOf(),
        '/api/leaderboard/profile': onBoard,
      },
    });
    renderWithProviders(<LeaderboardScreen />, '/leaderboard');
    fireEvent.click(await screen.findByRole('button', { name: l.previous_week }));
    expect(await screen.findByRole('heading', { name: '2026-11-16 – 2026-11-22' })).toBeTruthy();
    expect(screen.getByTestId('board-state').textContent).toBe(l.closed);
    expect((screen.getByRole('button', { name: l.next_week }) as HTMLButtonElement).disabled).toBe(false);
    expect(api.gets().find((get) => get.url.searchParams.get('week') === '2026-11-16')).toBeTruthy();
  });

  it('sets a nickname by the shared rules, and says so when it is taken', async () => {
    const api = fakeApi({
      reads: {
        '/api/leaderboard': boardOf(),
        '/api/leaderboard/profile': { nickname: null, on_board: true, hidden: false },
      },
      writes: {
        '/api/leaderboard/profile': (body: { nickname: string | null }) =>
          body.nickname === 'Taken'
            ? new Refusal(409, errorCatalog.nickname_taken.code, 'That nickname is taken: choose another')
            : { nickname: body.nickname, on_board: true, hidden: false },
      },
    });
    renderWithProviders(<LeaderboardScreen />, '/leaderboard');
    const field = await screen.findByLabelText(l.nickname);
    const save = () => fireEvent.click(screen.getByRole('button', { name: l.save }));
    fireEvent.change(field, { target: { value: 'x' } });
    save();
    expect(screen.getByText('At least 2 characters')).toBeTruthy();
    fireEvent.change(field, { target: { value: '-bad-' } });
    save();
    expect(screen.getByText(l.nickname_invalid)).toBeTruthy();
    expect(api.posts).toEqual([]);

    fireEvent.change(field, { target: { value: 'Taken' } });
    save();
    expect(await screen.findByText('That nickname is taken: choose another')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(l.nickname), { target: { value: ' Calm Fox ' } });
    save();
    expect(await screen.findByText('You are on the board as Calm Fox.')).toBeTruthy();
    expect(api.posts.map((post) => [post.method, post.body])).toEqual([
      ['PUT', { nickname: 'Taken' }],
      ['PUT', { nickname: 'Calm Fox' }],
    ]);
  });

  it('leaves the board once confirmed, and rejoins under the same nickname', async () => {
    let profile: LeaderboardProfile = onBoard;
    const api = fakeApi({
      reads: { '/api/leaderboard': boardOf(), '/api/leaderboard/profile': () => profile },
      writes: {
        '/api/leaderboard/profile': (body: { nickname: string | null } | undefined) => {
          profile = body ? { nickname: body.nickname, on_board: true, hidden: false } : { ...profile, on_board: false };
          return profile;
        },
      },
    });
    vi.mocked(confirmDialog).mockResolvedValue(true);
    renderWithProviders(<LeaderboardScreen />, '/leaderboard');
    fireEvent.click(await screen.findByRole('button', { name: l.leave }));
    expect(await screen.findByText(l.off_board)).toBeTruthy();
    expect(showToast).toHaveBeenCalledWith(l.left, 'success');
    fireEvent.click(screen.getByRole('button', { name: l.rejoin }));
    expect(await screen.findByText('You are on the board as Sunny.')).toBeTruthy();
    await waitFor(() =>
      expect(api.posts.map((post) => [post.method, post.body])).toEqual([
        ['DELETE', undefined],
        ['PUT', { nickname: 'Sunny' }],
      ]),
    );
  });

  it('says when an operator hid my nickname', async () => {
    fakeApi({
      reads: { '/api/leaderboard': boardOf(), '/api/leaderboard/profile': { ...onBoard, hidden: true } },
    });
    renderWithProviders(<LeaderboardScreen />, '/leaderboard');
    expect(await screen.findByText(l.hidden)).toBeTruthy();
  });

  it('an empty week invites to check in', async () => {
    fakeApi({
      reads: { '/api/leaderboard': boardOf({ total: 0, items: [] }), '/api/leaderboard/profile': onBoard },
    });
    renderWithProviders(<LeaderboardScreen />, '/leaderboard');
    expect(await screen.findByRole('heading', { name: l.empty })).toBeTruthy();
    expect(screen.getByRole('link', { name: en_US.mood.check_in }).getAttribute('href')).toBe('/checkin');
  });
});
