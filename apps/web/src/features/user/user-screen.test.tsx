// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { en_US } from '@wallx/shared/i18n/en_US';
import { en_US as sessionTexts } from '@wallx/shared/i18n/sessions/en_US';
import { en_US as noticeTexts } from '@wallx/shared/i18n/notices/en_US';
import { fakeApi, renderWithProviders, setUpApiTests } from '../../lib/test-api';
import { SettingsScreen } from './settings-screen';
import { UserScreen } from './user-screen';

const u = en_US.user;
const ss = sessionTexts.sessions;

setUpApiTests({ balance: { usdt: '12.5', wallx: '3' }, sections: ['sessions', 'notices'] });

const feedbackRow = () => screen.getByRole('link', { name: new RegExp(`^${u.feedback}`) });

describe('UserScreen', () => {
  it('counts unread replies on the feedback row', async () => {
    fakeApi({ reads: { '/api/feedback/unread': { count: 3 }, '/api/notices/unread': { count: 0 } } });
    renderWithProviders(<UserScreen />, '/user');
    expect(await within(feedbackRow()).findByLabelText(u.new_replies.replace('{{count}}', '3'))).toBeTruthy();
    expect(within(feedbackRow()).getByText('3')).toBeTruthy();
  });

  it('shows no badge when every reply was read', async () => {
    const api = fakeApi({ reads: { '/api/feedback/unread': { count: 0 }, '/api/notices/unread': { count: 0 } } });
    renderWithProviders(<UserScreen />, '/user');
    await waitFor(() => expect(api.gets().map((get) => get.url.pathname)).toContain('/api/feedback/unread'));
    // One more turn for the answer to render, were there a badge to show.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(feedbackRow().querySelector('.list-row__badge')).toBeNull();
  });

  it('rings the bell with the count of unseen notices, named with it, and opens the inbox', async () => {
    fakeApi({ reads: { '/api/feedback/unread': { count: 0 }, '/api/notices/unread': { count: 4 } } });
    renderWithProviders(<UserScreen />, '/user');
    const bell = await screen.findByRole('link', { name: noticeTexts.notices.unread.replace('{{count}}', '4') });
    expect(bell.getAttribute('href')).toBe('/notices');
    expect(within(bell).getByTestId('notice-badge').textContent).toBe('4');
  });

  it('shows the bell without a badge when every notice was seen', async () => {
    const api = fakeApi({ reads: { '/api/feedback/unread': { count: 0 }, '/api/notices/unread': { count: 0 } } });
    renderWithProviders(<UserScreen />, '/user');
    await waitFor(() => expect(api.gets().map((get) => get.url.pathname)).toContain('/api/notices/unread'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const bell = screen.getByRole('link', { name: noticeTexts.notices.title });
    expect(within(bell).queryByTestId('notice-badge')).toBeNull();
  });

  it('leads to the settings', async () => {
    fakeApi({ reads: { '/api/feedback/unread': { count: 0 }, '/api/notices/unread': { count: 0 } } });
    renderWithProviders(<UserScreen />, '/user');
    expect((await screen.findByRole('link', { name: u.more_settings })).getAttribute('href')).toBe('/settings');
  });
});

describe('SettingsScreen', () => {
  it('holds the language, the fund password, the addresses, the articles, the version and logging out', () => {
    fakeApi();
    renderWithProviders(<SettingsScreen />, '/settings');
    expect(screen.getByRole('button', { name: new RegExp(u.language) })).toBeTruthy();
    const hrefs = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual(['/fpassword', '/address', '/article']);
    expect(screen.getByTestId('app-version').textContent).toMatch(/^\d+\.\d+\.\d+/);
    expect(screen.getByRole('button', { name: en_US.auth.logout })).toBeTruthy();
  });

  const sessions = [
    {
      id: '11111111-1111-4111-8111-111111111111',
      device: 'iPhone · TokenPocket',
      network: '203.0.113.0/24',
      created_at: '2026-11-20T08:00:00.000Z',
      last_used_at: '2026-11-25T08:00:00.000Z',
      is_current: true,
    },
    {
      id: '22222222-2222-4222-8222-222222222222',
      device: 'Android · Chrome',
      network: '198.51.100.0/24',
      created_at: '2026-11-24T08:00:00.000Z',
      last_used_at: null,
      is_current: false,
    },
    {
      id: '33333333-3333-4333-8333-333333333333',
      device: '',
      network: null,
      created_at: '2026-11-01T08:00:00.000Z',
      last_used_at: null,
      is_current: false,
    },
  ];

  it('lists my login sessions, this device marked, and ends another, or all the others', async () => {
    const api = fakeApi({
      reads: { '/api/user/sessions': { items: sessions } },
      writes: { '/api/user/sessions/end_others': { ended: 2 } },
    });
    renderWithProviders(<SettingsScreen />, '/settings');
    const section = await screen.findByRole('region', { name: ss.title });
    const current = await within(section).findByText('iPhone · TokenPocket');
    expect(within(current.closest('.session-row') as HTMLElement).getByText(ss.current)).toBeTruthy();
    expect(within(section).getByText(ss.unknown_device)).toBeTruthy();
    expect(within(section).getAllByRole('button', { name: ss.end })).toHaveLength(2);

    const android = within(section).getByText('Android · Chrome').closest('.session-row') as HTMLElement;
    expect(within(android).getByText(/198\.51\.100\.0\/24/)).toBeTruthy();
    fireEvent.click(within(android).getByRole('button', { name: ss.end }));
    await waitFor(() =>
      expect(api.posts).toEqual([
        { path: '/api/user/sessions/22222222-2222-4222-8222-222222222222/end', idempotencyKey: null, body: undefined },
      ]),
    );
    // The toast loads and renders on its own: the test ends after it, not while it is on its way.
    expect(await screen.findByText(ss.ended)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: ss.end_others }));
    await waitFor(() =>
      expect(api.posts.at(-1)).toEqual({
        path: '/api/user/sessions/end_others',
        idempotencyKey: null,
        body: undefined,
      }),
    );
    expect(await screen.findByText(ss.others_ended)).toBeTruthy();
  });
});
