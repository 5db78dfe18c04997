import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../lib/session-store';
import { renderConsole, serveAs, sessionFor, setUpConsoleTests } from '../../lib/test-render';

const a = setUpConsoleTests().auth;

describe('the sign-in page', () => {
  it('sends a signed-out operator to sign in, and says when there is no wallet to sign with', async () => {
    const { router } = renderConsole('/audit');
    expect(await screen.findByRole('heading', { name: a.title, level: 1 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    fireEvent.click(screen.getByRole('button', { name: a.sign_in }));
    expect((await screen.findByRole('alert')).textContent).toBe(a.no_wallet);
  });

  it('says the session ended when the server refused it', async () => {
    sessionStore.start(sessionFor('viewer'));
    sessionStore.expire();
    renderConsole('/login');
    expect((await screen.findByRole('alert')).textContent).toBe(a.expired);
  });

  it('says when the signature was declined in the wallet', async () => {
    vi.stubGlobal('ethereum', { request: vi.fn(async () => Promise.reject({ code: 4001, message: 'User rejected' })) });
    renderConsole('/login');
    fireEvent.click(await screen.findByRole('button', { name: a.sign_in }));
    expect((await screen.findByRole('alert')).textContent).toBe(a.rejected);
  });

  it('an operator already signed in goes straight to the console', async () => {
    serveAs('viewer', () => undefined, { status: 503, body: { code: 503, message: 'Busy' } });
    const { router } = renderConsole('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByRole('heading', { name: a.title })).toBeNull();
  });
});
