import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { operatorRoles } from '@wallx/shared';
import { en_US } from '../i18n/en_US';
import { sessionStore } from '../lib/session-store';
import {
  fakeServer,
  ok,
  operatorAddress,
  renderConsole,
  serveAs,
  sessionFor,
  setUpConsoleTests,
} from '../lib/test-render';
import { sectionsFor } from './sections';

setUpConsoleTests();

describe('the sidebar by role', () => {
  it('every role reads every section; only an admin manages operators', () => {
    for (const role of operatorRoles) {
      const ids = sectionsFor(role).map((section) => section.id);
      expect(ids).toEqual(
        expect.arrayContaining([
          'dashboard',
          'users',
          'catalog',
          'money',
          'markets',
          'shipping',
          'content',
          'feedback',
          'audit',
          'wellbeing',
          'companion',
          'staking',
          'aid_fund',
        ]),
      );
      expect(ids.includes('operators'), role).toBe(role === 'admin');
    }
  });

  it("shows the operator's address, role and a sign-out, and the sections the role may open", async () => {
    serveAs('viewer', () => ok({ items: [], next_cursor: null }));
    renderConsole('/audit');
    const nav = await screen.findByRole('navigation', { name: en_US.nav.label });
    expect(within(nav).getByRole('link', { name: en_US.nav.audit })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: new RegExp(en_US.nav.users) })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: new RegExp(en_US.nav.operators) })).toBeNull();
    expect(screen.getByText(operatorAddress)).toBeTruthy();
    expect(screen.getByText(en_US.roles.viewer)).toBeTruthy();
    expect(screen.getByRole('button', { name: en_US.auth.log_out })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: en_US.audit.title, level: 1 })).toBeTruthy();
    // Every section has its page now: the sidebar says nothing is coming later.
    expect(within(nav).getAllByRole('link')).toHaveLength(13);
  });

  it('an admin sees Operators; a viewer who types its address gets "not found"', async () => {
    fakeServer(() => ok({ address: operatorAddress, role: 'admin' }));
    sessionStore.start(sessionFor('admin'));
    const admin = renderConsole('/operators');
    expect(await screen.findByRole('heading', { name: en_US.operators.title, level: 1 })).toBeTruthy();
    admin.unmount();

    sessionStore.start(sessionFor('viewer'));
    renderConsole('/operators');
    expect(await screen.findByRole('heading', { name: en_US.app.not_found })).toBeTruthy();
  });

  it('without a session every page is the login; a 401 on /me brings it back with a message', async () => {
    fakeServer(() => ({ status: 401, body: { code: 401, message: 'Please log in again' } }));
    renderConsole('/audit');
    expect(await screen.findByRole('heading', { name: en_US.auth.title })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a session the server refuses ends, and the login says the session ended', async () => {
    fakeServer((_method, url) =>
      url.pathname === '/api/admin/auth/me'
        ? { status: 401, body: { code: 401, message: 'Please log in again' } }
        : ok({ items: [], next_cursor: null }),
    );
    sessionStore.start(sessionFor('support'));
    const { router } = renderConsole('/audit');
    expect((await screen.findByRole('alert')).textContent).toBe(en_US.auth.expired);
    expect(screen.getByRole('heading', { name: en_US.auth.title })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(window.sessionStorage.length).toBe(0);
  });
});
