// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorCatalog, type LoginResult } from '@wallx/shared';
import { en_US } from '@wallx/shared/i18n/en_US';
import { en_US as team } from '@wallx/shared/i18n/team/en_US';
import { ConnectDialog } from '../features/auth/connect-dialog';
import { JoinScreen } from '../features/team/join-screen';
import { session } from '../lib/session-store';
import { fakeApi, Refusal, renderWithProviders, setUpApiTests } from '../lib/test-api';
import { testUser } from '../lib/test-user';

vi.mock('../lib/toast', () => ({ showToast: vi.fn() }));

// /join and the connect dialog together, as the app composes them: the link's code travels through
// connect-and-sign into the login request.

const wallet = '0x00000000000000000000000000000000000000bb';
const inviter = '0x1234567890abcdef1234567890abcdef12345678';

setUpApiTests({ balance: { usdt: '0', wallx: '0' }, sections: ['team'] });

beforeEach(() => {
  session.logout();
  localStorage.clear();
  const request = vi.fn(async ({ method }: { method: string }) =>
    method === 'eth_requestAccounts' ? [wallet] : `0x${'11'.repeat(65)}`,
  );
  Object.defineProperty(window, 'ethereum', { value: { request }, configurable: true });
});

afterEach(() => {
  delete (window as { ethereum?: unknown }).ethereum;
});

function firstLogin(inviterAddress: string | null): LoginResult {
  return {
    userinfo: { ...testUser, bsc: wallet, inviter: inviterAddress, created_at: new Date().toISOString() },
    token: { access_token: 'access', refresh_token: 'refresh' },
    balance: { usdt: '0', wallx: '0' },
    first_login: true,
  };
}

async function connectAndSign(joinButton: string) {
  fireEvent.click(await screen.findByRole('button', { name: joinButton }));
  const dialog = await screen.findByRole('dialog', { name: en_US.auth.connect_title });
  fireEvent.click(within(dialog).getByRole('button', { name: en_US.auth.connect_button }));
}

describe('joining through an invite link', () => {
  it('sends the link’s code as referee and says whose team the new user joined', async () => {
    const api = fakeApi({
      reads: { '/api/share/inviter': { share_code: 'ABCD2345', address: '0x123...45678' } },
      data: firstLogin(inviter),
    });
    renderWithProviders(
      <>
        <JoinScreen />
        <ConnectDialog />
      </>,
      '/join?code=ABCD2345',
    );
    await connectAndSign(team.team.join.connect);
    expect(await screen.findByText("You joined 0x123...45678's team")).toBeTruthy();
    expect(api.posts).toEqual([
      {
        path: '/api/web3/verify',
        idempotencyKey: null,
        body: expect.objectContaining({ address: wallet, referee: 'ABCD2345' }),
      },
    ]);
  });

  it('sends no referee for an unknown code, and the login still works', async () => {
    const api = fakeApi({
      reads: { '/api/share/inviter': new Refusal(404, errorCatalog.share_code_unknown.code, 'Unknown invite code') },
      data: firstLogin(null),
    });
    renderWithProviders(
      <>
        <JoinScreen />
        <ConnectDialog />
      </>,
      '/join?code=ZZZZ9999',
    );
    expect(await screen.findByText(team.team.join.unknown_code)).toBeTruthy();
    await connectAndSign(team.team.join.connect_plain);
    await waitFor(() => expect(session.getState().token?.access_token).toBe('access'));
    expect(api.posts).toHaveLength(1);
    expect(api.posts[0]!.body).not.toHaveProperty('referee');
    expect(await screen.findByText(team.team.join.no_inviter)).toBeTruthy();
  });
});
