// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { en_US } from '@wallx/shared/i18n/en_US';
import { fakeApi, renderWithProviders, setUpApiTests } from '../../lib/test-api';
import { SettingsScreen } from './settings-screen';
import { UserScreen } from './user-screen';

const u = en_US.user;

setUpApiTests({ balance: { usdt: '12.5', wallx: '3' } });

const feedbackRow = () => screen.getByRole('link', { name: new RegExp(`^${u.feedback}`) });

describe('UserScreen', () => {
  it('counts unread replies on the feedback row', async () => {
    fakeApi({ reads: { '/api/feedback/unread': { count: 3 } } });
    renderWithProviders(<UserScreen />, '/user');
    expect(await within(feedbackRow()).findByLabelText(u.new_replies.replace('{{count}}', '3'))).toBeTruthy();
    expect(within(feedbackRow()).getByText('3')).toBeTruthy();
  });

  it('shows no badge when every reply was read', async () => {
    const api = fakeApi({ reads: { '/api/feedback/unread': { count: 0 } } });
    renderWithProviders(<UserScreen />, '/user');
    await waitFor(() => expect(api.gets().map((get) => get.url.pathname)).toContain('/api/feedback/unread'));
    // One more turn for the answer to render, were there a badge to show.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(feedbackRow().querySelector('.list-row__badge')).toBeNull();
  });

  it('leads to the settings', async () => {
    fakeApi({ reads: { '/api/feedback/unread': { count: 0 } } });
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
});
