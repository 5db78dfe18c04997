// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorCatalog, type UserInfo } from '@wallx/shared';
import { en_US as core } from '@wallx/shared/i18n/en_US';
import { en_US } from '@wallx/shared/i18n/team/en_US';
import { REFEREE_STORAGE_KEY } from '../../lib/referee';
import { readReferee } from '../../lib/referee-store';
import { session } from '../../lib/session-store';
import { fakeApi, Refusal, renderWithProviders, setUpApiTests } from '../../lib/test-api';
import { testUser } from '../../lib/test-user';
import { JoinScreen } from './join-screen';

const t = en_US.team.join;
const inviter = '0x1234567890abcdef1234567890abcdef12345678';
const known = { '/api/share/inviter': { share_code: 'ABCD2345', address: '0x123...45678' } };
const unknown = { '/api/share/inviter': new Refusal(404, errorCatalog.share_code_unknown.code, 'Unknown invite code') };

setUpApiTests({ balance: { usdt: '0', wallx: '0' }, sections: ['team'] });

beforeEach(() => {
  localStorage.clear();
});

/** A login as the connect dialog makes it; `firstLogin`: the server created the account with it. */
function loginAs(userinfo: Partial<UserInfo>, firstLogin = false) {
  session.login({
    userinfo: { ...testUser, ...userinfo },
    token: { access_token: 'a', refresh_token: 'r' },
    balance: { usdt: '0', wallx: '0' },
    first_login: firstLogin,
  });
}

describe('JoinScreen for a guest', () => {
  beforeEach(() => session.logout());

  it('shows who invites, and keeps the code for the login the connect button starts', async () => {
    const api = fakeApi({ reads: known });
    renderWithProviders(<JoinScreen />, '/join?code=ABCD2345');
    expect(await screen.findByTestId('inviter-address')).toHaveProperty('textContent', '0x123...45678');
    expect(screen.getByText(t.invites_you)).toBeTruthy();
    expect(screen.getByText(t.about_text)).toBeTruthy();
    const [request] = api.gets();
    expect(request?.url.searchParams.get('code')).toBe('ABCD2345');
    expect(request?.headers.get('Authorization')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: t.connect }));
    expect(readReferee()).toBe('ABCD2345');
    expect(session.getState().showConnectBox).toBe(true);
  });

  it('says an unknown code is unknown, and connecting then drops it so no referee is sent', async () => {
    fakeApi({ reads: unknown });
    localStorage.setItem(REFEREE_STORAGE_KEY, 'ZZZZ9999');
    renderWithProviders(<JoinScreen />, '/join?code=ZZZZ9999');
    expect(await screen.findByText(t.unknown_code)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: t.connect_plain }));
    expect(readReferee()).toBeNull();
    expect(session.getState().showConnectBox).toBe(true);
  });

  it('without a code in the link, uses the one kept from an earlier invite link', async () => {
    const api = fakeApi({ reads: known });
    localStorage.setItem(REFEREE_STORAGE_KEY, 'ABCD2345');
    renderWithProviders(<JoinScreen />, '/join');
    expect(await screen.findByTestId('inviter-address')).toBeTruthy();
    expect(api.gets()[0]?.url.searchParams.get('code')).toBe('ABCD2345');
  });

  it('says a link has no code when none was ever kept, and asks nothing of the server', async () => {
    const api = fakeApi({ reads: known });
    renderWithProviders(<JoinScreen />, '/join');
    expect(await screen.findByText(t.no_code)).toBeTruthy();
    expect(screen.getByRole('button', { name: t.connect_plain })).toBeTruthy();
    expect(api.gets()).toHaveLength(0);
  });

  it('says so when the code could not be checked, and retries', async () => {
    const api = fakeApi({ reads: { '/api/share/inviter': new Refusal(500, errorCatalog.internal.code, 'Oops') } });
    renderWithProviders(<JoinScreen />, '/join?code=ABCD2345');
    expect(await screen.findByText(t.lookup_failed)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: core.common.retry }));
    await vi.waitFor(() => expect(api.gets()).toHaveLength(2));
  });
});

describe('JoinScreen once logged in', () => {
  it('a newly joined user is told whose team they joined', async () => {
    session.logout();
    fakeApi({ reads: known });
    renderWithProviders(<JoinScreen />, '/join?code=ABCD2345');
    fireEvent.click(await screen.findByRole('button', { name: t.connect }));
    // The connect dialog's login: a first login, with this code as referee.
    loginAs({ inviter }, true);
    expect(await screen.findByText("You joined 0x123...45678's team")).toBeTruthy();
    expect(screen.queryByRole('button', { name: t.connect })).toBeNull();
  });

  it('a user who already has an inviter is told who it is', async () => {
    loginAs({ inviter: '0x9999999999999999999999999999999999999999' });
    fakeApi({ reads: known });
    renderWithProviders(<JoinScreen />, '/join?code=ABCD2345');
    expect(await screen.findByText(t.already_invited)).toBeTruthy();
    expect(screen.getByText('Your inviter is 0x999...99999. An inviter never changes once set.')).toBeTruthy();
  });

  it('a user registered without an inviter is told an inviter is set at the first login only', async () => {
    loginAs({ inviter: null, created_at: '2024-01-01T00:00:00.000Z' });
    fakeApi({ reads: known });
    renderWithProviders(<JoinScreen />, '/join?code=ABCD2345');
    expect(await screen.findByText(t.too_late)).toBeTruthy();
  });

  it('a user opening their own link is told it is theirs', async () => {
    loginAs({ bsc: '0x1234500000000000000000000000000000045678' });
    fakeApi({ reads: known });
    renderWithProviders(<JoinScreen />, '/join?code=ABCD2345');
    expect(await screen.findByText(t.own_code)).toBeTruthy();
  });

  // The phone's clock once decided this (the account's creation against the moment connect was
  // pressed); the server now says whether the login created the account.
  it('connecting here with a wallet that had logged in before, however recently, is told it is too late', async () => {
    session.logout();
    fakeApi({ reads: known });
    renderWithProviders(<JoinScreen />, '/join?code=ABCD2345');
    fireEvent.click(await screen.findByRole('button', { name: t.connect }));
    loginAs({ inviter: null, created_at: new Date().toISOString() }, false);
    expect(await screen.findByText(t.too_late)).toBeTruthy();
  });

  it('with an unknown code, a first login joined without an inviter', async () => {
    session.logout();
    fakeApi({ reads: unknown });
    renderWithProviders(<JoinScreen />, '/join?code=ZZZZ9999');
    fireEvent.click(await screen.findByRole('button', { name: t.connect_plain }));
    loginAs({ inviter: null }, true);
    expect(await screen.findByText(t.no_inviter)).toBeTruthy();
    expect(screen.getByText(t.unknown_code)).toBeTruthy();
  });
});
