import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { shortAddress, type OperatorRole, type OperatorUser, type OperatorUserDetail } from '@wallx/shared';
import { en_US } from '../../i18n/en_US';
import { ok, renderConsole, serveAs, setUpConsoleTests, type Answer } from '../../lib/test-render';

const u = setUpConsoleTests().users;

const alice: OperatorUser = {
  id: '41',
  address: '0xabcdef0000000000000000000000000000000001',
  share_code: 'ABCD2345',
  created_at: '2026-11-20T08:00:00.000Z',
  is_frozen: false,
  is_validator: false,
  inviter: null,
};

const panelName = shortAddress(alice.address, 14);

const detailOf = (user: OperatorUser): OperatorUserDetail => ({
  user,
  balances: [
    { asset: 'USDT', balance: '1234.5' },
    { asset: 'WALLX', balance: '0.000000000000000001' },
  ],
  miners: { off: 1, on: 2, selling: 0, expired: 3 },
  team: {
    direct_count: 1,
    team_size: 4,
    performance: { last_7_days: { usdt: '10', wallx: '0' }, all_time: { usdt: '300', wallx: '5' } },
    members: [],
  },
  validator_points: [],
  region: { country: 'CN', province: 'CN-GD' },
  last_freeze: null,
});

function server(
  role: OperatorRole,
  freezeAnswer: (body: unknown) => Answer = (body) =>
    ok({ user: { ...alice, is_frozen: (body as { frozen: boolean }).frozen } }),
) {
  let current = alice;
  return serveAs(role, (method, url, body) => {
    if (method === 'POST' && url.pathname === '/api/admin/users/41/freeze') {
      const answer = freezeAnswer(body);
      if ((answer.status ?? 200) === 200) current = { ...current, is_frozen: (body as { frozen: boolean }).frozen };
      return answer;
    }
    if (url.pathname === '/api/admin/users') return ok({ items: [current], next_cursor: null });
    if (url.pathname === '/api/admin/users/41') return ok(detailOf(current));
    if (url.pathname === '/api/admin/users/41/records') return ok({ items: [], next_cursor: null });
    if (url.pathname === '/api/admin/pickup-points')
      return ok({
        items: [
          {
            id: '5',
            name: 'en_US:::Depot One\nzh_CN:::一号仓',
            country: 'CN',
            province: 'CN-GD',
            address: '1 Road',
            hours: '',
            active: true,
          },
        ],
      });
    if (method === 'PUT' && url.pathname === `/api/admin/validators/${alice.address}`)
      return ok({ address: alice.address, is_validator: true, point_ids: ['5'] });
    return undefined;
  });
}

async function openAlice() {
  fireEvent.click(await screen.findByRole('button', { name: `Open user ${alice.address}` }));
  return screen.findByRole('complementary', { name: panelName });
}

describe('the users page', () => {
  it('searches on the server with the filters kept in the address, and refuses a search that cannot match', async () => {
    const sent = server('viewer');
    const { router } = renderConsole('/users?frozen=true');
    await screen.findByRole('button', { name: `Open user ${alice.address}` });
    expect(sent.find((call) => call.url.pathname === '/api/admin/users')!.url.searchParams.get('frozen')).toBe('true');

    const search = screen.getByLabelText(u.search);
    fireEvent.change(search, { target: { value: '0x12' } });
    fireEvent.click(screen.getByRole('button', { name: en_US.table.apply }));
    expect(screen.getByRole('alert').textContent).toBe(u.search_invalid);
    expect(search.getAttribute('aria-invalid')).toBe('true');
    expect(sent.some((call) => call.url.searchParams.get('q') === '0x12')).toBe(false);

    fireEvent.change(search, { target: { value: ' abcd2345 ' } });
    fireEvent.change(screen.getByLabelText(u.validator), { target: { value: 'true' } });
    fireEvent.click(screen.getByRole('button', { name: en_US.table.apply }));
    await waitFor(() => expect(sent.at(-1)!.url.searchParams.get('q')).toBe('abcd2345'));
    expect(sent.at(-1)!.url.searchParams.get('validator')).toBe('true');
    expect(router.state.location.search).toBe('?q=abcd2345&frozen=true&validator=true');
  });

  it('opens a user with balances as the ledger holds them; a viewer sees no freeze and no validator button', async () => {
    server('viewer');
    const { router } = renderConsole('/users');
    const panel = await openAlice();
    expect(router.state.location.search).toBe('?user=41');
    expect(await within(panel).findByText('0.000000000000000001')).toBeTruthy();
    expect(within(panel).getByText('CN · CN-GD')).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: u.freeze })).toBeNull();
    expect(within(panel).queryByRole('button', { name: u.make_validator })).toBeNull();
    fireEvent.click(within(panel).getByRole('button', { name: u.tab_team }));
    expect(within(panel).getByText(u.no_members)).toBeTruthy();
  });

  it('freezes with a required reason, sent trimmed, and shows the account frozen', async () => {
    const sent = server('support');
    renderConsole('/users?user=41');
    const panel = await screen.findByRole('complementary', { name: panelName });
    fireEvent.click(await within(panel).findByRole('button', { name: u.freeze }));
    const dialog = screen.getByRole('dialog', { name: u.freeze_title });
    fireEvent.click(within(dialog).getByRole('button', { name: u.freeze_confirm }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Write a reason of at least 3 characters.');
    expect(sent.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText(u.reason), { target: { value: '  stolen wallet reported  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: u.freeze_confirm }));
    expect((await within(panel).findByRole('status')).textContent).toBe(u.frozen_done);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent.find((call) => call.method === 'POST')!.body).toEqual({
      frozen: true,
      reason: 'stolen wallet reported',
    });
    expect(await within(panel).findByRole('button', { name: u.unfreeze })).toBeTruthy();
  });

  it("shows the server's refusal in the dialog", async () => {
    server('admin', () => ({
      status: 409,
      body: { code: 8103, message: 'This account is already frozen', data: { field: 'frozen' } },
    }));
    renderConsole('/users?user=41');
    const panel = await screen.findByRole('complementary', { name: panelName });
    fireEvent.click(await within(panel).findByRole('button', { name: u.freeze }));
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(u.reason), { target: { value: 'second try' } });
    fireEvent.click(within(dialog).getByRole('button', { name: u.freeze_confirm }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('This account is already frozen');
  });

  it('makes a validator of the points chosen (support), through the shipping endpoint', async () => {
    const sent = server('support');
    renderConsole('/users?user=41');
    const panel = await screen.findByRole('complementary', { name: panelName });
    fireEvent.click(await within(panel).findByRole('button', { name: u.make_validator }));
    fireEvent.click(await within(panel).findByRole('checkbox', { name: /Depot One/ }));
    fireEvent.click(within(panel).getByRole('button', { name: u.save_points }));
    expect((await within(panel).findByRole('status')).textContent).toBe(u.points_saved);
    expect(sent.find((call) => call.method === 'PUT')!.body).toEqual({ point_ids: ['5'] });
  });
});
