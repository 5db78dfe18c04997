// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { en_US } from '@wallx/shared/i18n/en_US';
import { session } from '../../lib/session-store';
import { fakeApi, renderWithProviders, setUpApiTests } from '../../lib/test-api';
import { HomeScreen } from './home-screen';

const h = en_US.home;

setUpApiTests({ balance: { usdt: '0', wallx: '0' } });

/** `GET /api/companion` on a server with a model or without one. */
const status = (available: boolean) => ({
  available,
  notice: 'This is an AI companion, not a therapist.',
  notice_seen: false,
  allowance: { daily: 50, used: 0, left: 50 },
  retention_days: 30,
  crisis_country: null,
  crisis_countries: [],
});

/** A deployment without demo content: no scenes, no partners. */
const noContent = { '/api/content/home': { scenes: [], partners: [] } };

describe('HomeScreen', () => {
  it('draws the ecosystem from the app’s own texts, every card a link', async () => {
    fakeApi({
      reads: { ...noContent, '/api/checkins/today': { checkin: { mood: 4 } }, '/api/companion': status(true) },
    });
    renderWithProviders(<HomeScreen />, '/');
    const list = screen.getByRole('heading', { name: h.ecosystem }).parentElement!;
    const link = (title: string) =>
      within(list)
        .getByRole('link', { name: new RegExp(title) })
        .getAttribute('href');
    expect(link(h.scenes.checkin.title)).toBe('/checkin');
    expect(link(h.scenes.tracking.title)).toBe('/mood');
    expect(link(h.scenes.leaderboard.title)).toBe('/leaderboard');
    expect(link(h.scenes.companion.title)).toBe('/companion');
    expect(link(h.scenes.staking.title)).toBe('/stake');
    expect(within(list).getAllByRole('link')).toHaveLength(5);
    expect(list.textContent).not.toContain(h.unavailable);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText(h.unavailable)).toBeNull();
  });

  it('says on the companion’s card that it is not available here when the server has no model', async () => {
    fakeApi({
      reads: { ...noContent, '/api/checkins/today': { checkin: { mood: 4 } }, '/api/companion': status(false) },
    });
    renderWithProviders(<HomeScreen />, '/');
    const card = (await screen.findByText(h.unavailable)).closest('li')!;
    expect(card.textContent).toContain(h.scenes.companion.title);
  });

  it('reminds a signed-in user who has not checked in today', async () => {
    const api = fakeApi({ reads: { ...noContent, '/api/checkins/today': { checkin: null } } });
    renderWithProviders(<HomeScreen />, '/');
    const reminder = await screen.findByTestId('checkin-reminder');
    expect(reminder.getAttribute('href')).toBe('/checkin');
    expect(reminder.textContent).toContain(h.reminder_title);
    const asked = api.gets().find((get) => get.url.pathname === '/api/checkins/today');
    expect(asked?.headers.get('Authorization')).toBe('Bearer access');
  });

  it('does not remind once today’s check-in is done, nor a guest', async () => {
    const api = fakeApi({ reads: { ...noContent, '/api/checkins/today': { checkin: { mood: 3 } } } });
    const { unmount } = renderWithProviders(<HomeScreen />, '/');
    await waitFor(() => expect(api.gets().some((get) => get.url.pathname === '/api/checkins/today')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('checkin-reminder')).toBeNull();
    unmount();

    session.logout();
    const guest = fakeApi({ reads: { ...noContent, '/api/checkins/today': { checkin: null } } });
    renderWithProviders(<HomeScreen />, '/');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('checkin-reminder')).toBeNull();
    expect(guest.gets().some((get) => get.url.pathname === '/api/checkins/today')).toBe(false);
    // The cards are there for guests too (a card leads to the login, then to its screen).
    expect(screen.getByRole('link', { name: new RegExp(h.scenes.checkin.title) })).toBeTruthy();
  });
});
