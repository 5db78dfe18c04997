// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorCatalog, type TeamMember, type TeamSummary } from '@wallx/shared';
import { en_US } from '@wallx/shared/i18n/team/en_US';
import { fakeApi, Refusal, renderWithProviders, setUpApiTests } from '../../lib/test-api';
import { testUser } from '../../lib/test-user';
import { TeamScreen } from './team-screen';

const t = en_US.team;
const member = '0x1111111111111111111111111111111111111111';
const grandchild = '0x2222222222222222222222222222222222222222';

const performance = (usdt: string, wallx: string) => ({ usdt, wallx });
function summaryOf(address: string, inviter: string | null, direct: number, size: number): TeamSummary {
  return {
    address,
    inviter,
    direct_count: direct,
    team_size: size,
    today: '2025-05-20',
    performance: {
      today: performance('100', '0'),
      last_7_days: performance('400', '500'),
      all_time: performance('12345.5', '500'),
    },
  };
}
const memberRow = (address: string, teamSize: number): TeamMember => ({
  address,
  joined_at: '2025-05-19T08:00:00.000Z',
  direct_count: teamSize,
  team_size: teamSize,
  performance: performance('1300', '500'),
});

/** The server's team tree: me → member → grandchild. `of` picks whose team is read. */
const reads = {
  '/api/team/summary': (url: URL) => {
    const of = url.searchParams.get('of');
    if (!of) return summaryOf(testUser.bsc, null, 1, 2);
    if (of === member) return summaryOf(member, testUser.bsc, 1, 1);
    return new Refusal(404, errorCatalog.team_member_not_found.code, 'That address is not in your team');
  },
  '/api/team/members': (url: URL) => {
    const of = url.searchParams.get('of');
    if (!of) return { items: [memberRow(member, 1)], next_cursor: null };
    if (of === member) return { items: [memberRow(grandchild, 0)], next_cursor: null };
    return new Refusal(404, errorCatalog.team_member_not_found.code, 'That address is not in your team');
  },
};

setUpApiTests({ balance: { usdt: '0', wallx: '0' }, sections: ['team'] });

/** The end of a one-page list is never in view here: no next page is asked for. */
class IdleObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', IdleObserver);
});

describe('TeamScreen', () => {
  it('shows the team’s counts, its performance by period and its members', async () => {
    fakeApi({ reads });
    renderWithProviders(<TeamScreen />, '/team');
    await waitFor(() => expect(screen.getByTestId('team-direct-count').textContent).toBe('1'));
    expect(screen.getByTestId('team-size').textContent).toBe('2');
    expect(screen.getByTestId('team-inviter').textContent).toBe(t.no_inviter);
    expect(screen.getByTestId('performance-today-usdt').textContent).toBe('100');
    expect(screen.getByTestId('performance-last_7_days-wallx').textContent).toBe('500');
    expect(screen.getByTestId('performance-all_time-usdt').textContent).toBe('12,345.5');
    expect(screen.getByText(t.performance_note.replace('{{day}}', '2025-05-20'))).toBeTruthy();

    const card = (await screen.findByText('0x111...11111')).closest('a')!;
    expect(card.getAttribute('href')).toBe(`/team?of=${member}`);
    expect(within(card).getByText('Joined 2025-05-19')).toBeTruthy();
    expect(within(card).getByTestId('member-performance').textContent).toBe('1,300 USDT500 WALLX');
  });

  it('drills into a member’s team and shows theirs', async () => {
    fakeApi({ reads });
    renderWithProviders(<TeamScreen />, '/team');
    fireEvent.click(await screen.findByText('0x111...11111'));
    expect(await screen.findByText(t.member_title)).toBeTruthy();
    expect(await screen.findByText('0x222...22222')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('team-direct-count').textContent).toBe('1'));
    expect(screen.getByText(`Invitees of 0x111...11111`)).toBeTruthy();
    expect(screen.getByTestId('team-inviter').textContent).toBe('0x000...000aa');
  });

  it('says clearly when the address is not in the team (404 6001)', async () => {
    fakeApi({ reads });
    renderWithProviders(<TeamScreen />, '/team?of=0x3333333333333333333333333333333333333333');
    expect(await screen.findByRole('heading', { name: t.not_in_team })).toBeTruthy();
    expect(screen.getByRole('link', { name: t.back_to_team }).getAttribute('href')).toBe('/team');
  });

  it('says the same for a link whose ?of= is no address, without asking the server', async () => {
    const api = fakeApi({ reads });
    renderWithProviders(<TeamScreen />, '/team?of=nobody');
    expect(await screen.findByRole('heading', { name: t.not_in_team })).toBeTruthy();
    expect(api.gets()).toHaveLength(0);
  });

  it('shows an empty team with a way to invite', async () => {
    fakeApi({ reads: { ...reads, '/api/team/members': { items: [], next_cursor: null } } });
    renderWithProviders(<TeamScreen />, '/team');
    expect(await screen.findByRole('heading', { name: t.empty })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Invite friends' }).getAttribute('href')).toBe('/share');
  });
});
