import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@wallx/shared';
import { en_US } from '../../i18n/en_US';
import { ok, operatorAddress, renderConsole, serveAs, setUpConsoleTests } from '../../lib/test-render';

const a = setUpConsoleTests().audit;

const entry = (id: string): AuditEntry => ({
  id,
  operator: operatorAddress,
  action: 'feedback.reply',
  subject_type: 'feedback',
  subject_id: `f${id}`,
  detail: { before: { status: 'open', reply: null }, after: { status: 'replied', reply: '<b>done</b>' } },
  created_at: '2026-11-24T08:00:00.000Z',
});

describe('the audit log page', () => {
  it('pages by cursor, sends the filters to the server, and shows before and after as text', async () => {
    const sent = serveAs('viewer', (_method, url) => {
      const cursor = url.searchParams.get('cursor');
      return ok(
        cursor ? { items: [entry('1')], next_cursor: null } : { items: [entry('3'), entry('2')], next_cursor: 'c2' },
      );
    });
    renderConsole('/audit');
    expect(await screen.findByRole('button', { name: 'View entry 3' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: en_US.table.load_more }));
    expect(await screen.findByRole('button', { name: 'View entry 1' })).toBeTruthy();
    expect(
      sent
        .filter((call) => call.url.pathname === '/api/admin/audit')
        .map((call) => call.url.searchParams.get('cursor')),
    ).toEqual([null, 'c2']);
    expect(screen.getByText(en_US.table.end)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'View entry 2' }));
    const panel = screen.getByRole('complementary', { name: 'Entry 2' });
    expect(within(panel).getByText(a.before)).toBeTruthy();
    expect(within(panel).getByText(/"reply": "<b>done<\/b>"/)).toBeTruthy();
    expect(panel.querySelector('b')).toBeNull();
    fireEvent.keyDown(panel, { key: 'Escape' });
    expect(screen.queryByRole('complementary', { name: 'Entry 2' })).toBeNull();

    const filters = screen.getByRole('form', { name: en_US.table.filters });
    fireEvent.change(within(filters).getByLabelText(a.action), { target: { value: ' feedback.reply ' } });
    fireEvent.change(within(filters).getByLabelText(a.operator), {
      target: { value: operatorAddress.toUpperCase().replace('0X', '0x') },
    });
    fireEvent.click(within(filters).getByRole('button', { name: en_US.table.apply }));
    await waitFor(() => expect(sent.at(-1)!.url.searchParams.get('action')).toBe('feedback.reply'));
    const last = sent.at(-1)!.url.searchParams;
    expect(last.get('operator')).toBe(operatorAddress);
    expect(last.has('subject_type')).toBe(false);
    expect(last.has('cursor')).toBe(false);
  });
});
