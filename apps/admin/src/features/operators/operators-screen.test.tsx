import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OperatorEntry, Proposal } from '@wallx/shared';
import { ok, operatorAddress, renderConsole, serveAs, setUpConsoleTests } from '../../lib/test-render';

const o = setUpConsoleTests().operators;
const other = '0x3333333333333333333333333333333333333333';

const entry = (address: string, patch: Partial<OperatorEntry> = {}): OperatorEntry => ({
  address,
  role: 'support',
  source: 'console',
  is_read_only: false,
  is_disabled: false,
  added_by: operatorAddress,
  approved_by: null,
  created_at: '2026-11-20T08:00:00.000Z',
  cooling_until: null,
  disabled_at: null,
  person: null,
  ...patch,
});

/** The table row an address is shown in (the page's header shows the signed-in one too). */
const rowOf = (cells: HTMLElement[]) => cells.map((cell) => cell.closest('tr')).find(Boolean)!;

describe('the operators page', () => {
  it('lists operators: configured ones and the admin’s own role are locked; another is disabled from its row', async () => {
    let disabled = false;
    const sent = serveAs('admin', (method, url) => {
      if (url.pathname === '/api/admin/proposals') return ok({ items: [], next_cursor: null });
      if (method === 'POST') {
        disabled = true;
        return ok({ operator: entry(other, { is_disabled: true }) });
      }
      return ok({
        items: [
          entry(operatorAddress, { role: 'admin', source: 'config', is_read_only: true, created_at: null }),
          entry(other, { is_disabled: disabled }),
        ],
      });
    });
    renderConsole('/operators');
    await screen.findByRole('button', { name: `Disable ${other}` });
    const mine = rowOf(screen.getAllByText(operatorAddress, { selector: 'code' }));
    expect(within(mine).getByText(o.you)).toBeTruthy();
    expect(within(mine).getByText(o.read_only)).toBeTruthy();
    expect(within(mine).queryByRole('combobox')).toBeNull();

    const row = rowOf(screen.getAllByText(other, { selector: 'code' }));
    expect((within(row).getByLabelText(`Role of ${other}`) as HTMLSelectElement).value).toBe('support');
    fireEvent.click(within(row).getByRole('button', { name: `Disable ${other}` }));
    await waitFor(() => expect(sent.some((call) => call.method === 'POST')).toBe(true));
    expect(await within(rowOf(screen.getAllByText(other, { selector: 'code' }))).findByText(o.disabled)).toBeTruthy();
  });

  it('refuses to add an address that is not one, before asking the server', async () => {
    const sent = serveAs('admin', (_method, url) =>
      ok(url.pathname === '/api/admin/proposals' ? { items: [], next_cursor: null } : { items: [] }),
    );
    renderConsole('/operators');
    const form = await screen.findByRole('form', { name: o.add_title });
    fireEvent.change(within(form).getByLabelText(o.address), { target: { value: '0x123' } });
    fireEvent.click(within(form).getByRole('button', { name: o.add }));
    expect(within(form).getByRole('alert').textContent).toBe(o.address_invalid);
    expect(sent.some((call) => call.method === 'POST')).toBe(false);
  });

  it('a role change is proposed, says it waits for a second admin, and the row shows what waits', async () => {
    let waiting: Proposal[] = [];
    const sent = serveAs('admin', (method, url) => {
      if (url.pathname === '/api/admin/proposals') return ok({ items: waiting, next_cursor: null });
      if (method === 'PUT') {
        waiting = [
          {
            id: '60',
            kind: 'operator.role',
            subject_type: 'operator',
            subject_id: other,
            subject: null,
            operator: {
              address: other,
              before: { role: 'support', person: null, is_disabled: false },
              after: { role: 'finance', person: null, is_disabled: false },
            },
            settings: null,
            checkin_settings: null,
            staking_settings: null,
            funding: null,
            reason: '',
            status: 'pending',
            proposed_by: operatorAddress,
            proposed_at: '2026-11-20T09:00:00.000Z',
            decided_by: null,
            decided_at: null,
          },
        ];
        return ok(waiting[0]);
      }
      return ok({ items: [entry(other, { cooling_until: '2999-01-01T00:00:00.000Z' })] });
    });
    renderConsole('/operators');
    const select = (await screen.findByLabelText(`Role of ${other}`)) as HTMLSelectElement;
    const row = rowOf([select]);
    expect(within(row).getByText(o.cooling.replace('{{time}}', '2999-01-01'), { exact: false })).toBeTruthy();
    fireEvent.change(select, { target: { value: 'finance' } });
    await waitFor(() => expect(sent.some((call) => call.method === 'PUT')).toBe(true));
    expect(sent.find((call) => call.method === 'PUT')!.body).toEqual({ role: 'finance' });
    expect(
      await within(row).findByText(o.pending.replace('{{change}}', o.pending_role.replace('{{role}}', 'Finance')), {
        exact: false,
      }),
    ).toBeTruthy();
    // The role in force is still the old one until a second admin approves.
    expect((within(row).getByLabelText(`Role of ${other}`) as HTMLSelectElement).value).toBe('support');
  });
});
