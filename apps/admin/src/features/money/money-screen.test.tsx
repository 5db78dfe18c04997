import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Proposal } from '@wallx/shared';
import { en_US } from '../../i18n/en_US';
import { ok, operatorAddress, renderConsole, setUpConsoleTests } from '../../lib/test-render';
import { grantPayout, proposal, refused, serve, user, withdrawal } from './money-fixtures';

const m = setUpConsoleTests().money;

describe('the money page', () => {
  it('lists withdrawals awaiting review by default; finance rejects with a reason (required), or proposes approval for another to approve', async () => {
    let proposed: Proposal | null = null;
    const sent = serve('finance', (method, url, body) => {
      if (url.pathname === '/api/admin/withdrawals')
        return ok({ items: [withdrawal('7'), withdrawal('6')], next_cursor: null });
      if (url.pathname === '/api/admin/proposals' && method === 'GET')
        return ok({ items: proposed ? [proposed] : [], next_cursor: null });
      if (method === 'POST' && url.pathname === '/api/admin/withdrawals/7/review')
        return refused(1001, 'Invalid request parameters: note', 'note');
      if (method === 'POST' && url.pathname === '/api/admin/proposals') {
        proposed = proposal('31', (body as { reason: string }).reason, operatorAddress);
        return ok(proposed);
      }
      return undefined;
    });
    renderConsole('/money');
    fireEvent.click(await screen.findByRole('button', { name: 'Withdrawal 7' }));
    expect(sent.find((call) => call.url.pathname === '/api/admin/withdrawals')!.url.searchParams.get('status')).toBe(
      'pending_review',
    );
    const panel = screen.getByRole('complementary', { name: 'Withdrawal 7' });
    expect(within(panel).getByText(m.reason_amount)).toBeTruthy();
    expect(await within(panel).findByText(m.four_eyes)).toBeTruthy();

    // Either decision needs a reason: nothing is sent without one, and the server's refusal lands on the field.
    fireEvent.click(within(panel).getByRole('button', { name: m.reject }));
    expect(within(panel).getByRole('alert').textContent).toBe('Write the reason, at least 3 characters.');
    fireEvent.click(within(panel).getByRole('button', { name: m.propose_approve }));
    expect(sent.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.change(within(panel).getByLabelText(m.decision_reason), { target: { value: 'bad' } });
    fireEvent.click(within(panel).getByRole('button', { name: m.reject }));
    expect(await within(panel).findByText('Invalid request parameters: note')).toBeTruthy();

    // No confirm box: approving is a proposal, which another finance operator approves.
    const confirm = vi.spyOn(window, 'confirm');
    fireEvent.change(within(panel).getByLabelText(m.decision_reason), {
      target: { value: 'Known customer, address checked' },
    });
    fireEvent.click(within(panel).getByRole('button', { name: m.propose_approve }));
    expect(await within(panel).findByText(m.proposed_notice)).toBeTruthy();
    expect(confirm).not.toHaveBeenCalled();
    expect(sent.filter((call) => call.method === 'POST').at(-1)!.body).toEqual({
      kind: 'withdrawal.approve',
      subject_id: '7',
      reason: 'Known customer, address checked',
    });
  });

  it('a waiting proposal: its proposer may only take it back; another finance operator only approves it, and the panel shows the decision at once', async () => {
    for (const [by, canApprove] of [
      [operatorAddress, false],
      ['0x4444444444444444444444444444444444444444', true],
    ] as const) {
      let isApproved = false;
      const sent = serve('finance', (method, url) => {
        // Approved, it leaves the list of those awaiting review; any other list has it queued.
        if (url.pathname === '/api/admin/withdrawals')
          return ok({
            items: !isApproved
              ? [withdrawal('7')]
              : url.searchParams.get('status') === 'pending_review'
                ? []
                : [{ ...withdrawal('7'), status: 'queued' }],
            next_cursor: null,
          });
        if (url.pathname === '/api/admin/proposals' && method === 'GET')
          return ok({ items: [proposal('31', 'Known customer', by)], next_cursor: null });
        if (method === 'POST' && url.pathname === '/api/admin/proposals/31/approve') {
          isApproved = true;
          return ok({ ...proposal('31', 'Known customer', by), status: 'approved' });
        }
        return undefined;
      });
      const { unmount } = renderConsole('/money');
      fireEvent.click(await screen.findByRole('button', { name: 'Withdrawal 7' }));
      const panel = screen.getByRole('complementary', { name: 'Withdrawal 7' });
      // Its proposer may take it back; the approver is offered no such button beside Approve.
      if (canApprove) expect(await within(panel).findByRole('button', { name: m.approve_proposal })).toBeTruthy();
      else expect(await within(panel).findByRole('button', { name: m.take_back_proposal })).toBeTruthy();
      expect(
        within(panel).queryByRole('button', { name: canApprove ? m.take_back_proposal : m.approve_proposal }),
      ).toBeNull();
      expect(within(panel).queryByRole('button', { name: /withdraw/i })).toBeNull();
      expect(within(panel).queryByLabelText(m.decision_reason)).toBeNull();
      expect(
        sent.find((call) => call.url.pathname === '/api/admin/proposals')!.url.searchParams.get('subject_id'),
      ).toBe('7');
      if (canApprove) {
        fireEvent.click(within(panel).getByRole('button', { name: m.approve_proposal }));
        // Approving moves money: it is asked once more, in the console's own dialog.
        const dialog = await screen.findByRole('dialog', { name: 'Approve proposal 31?' });
        fireEvent.click(within(dialog).getByRole('button', { name: m.approve_confirm }));
        expect(await within(panel).findByText(m.proposal_approved_notice)).toBeTruthy();
        // The decision shows at once, not the state the panel was opened in.
        expect(within(panel).getByText(m.status_queued)).toBeTruthy();
        expect(within(panel).queryByText(m.status_pending_review)).toBeNull();
      } else {
        expect(within(panel).getByText(m.proposal_yours)).toBeTruthy();
      }
      unmount();
    }
  });

  it('unattributed deposits: open ones by default; finance proposes crediting one to a user, address and reason checked first', async () => {
    const deposit = {
      id: '12',
      asset: 'USDT',
      amount: '250',
      from_address: '0x5555555555555555555555555555555555555555',
      tx_hash: `0x${'ab'.repeat(32)}`,
      log_index: 0,
      block_number: '42',
      found_at: '2026-11-24T08:00:00.000Z',
      status: 'open',
      credited_to: null,
      credited_at: null,
    };
    const sent = serve('finance', (method, url, body) => {
      if (url.pathname === '/api/admin/deposits/unattributed') return ok({ items: [deposit], next_cursor: null });
      if (method === 'POST' && url.pathname === '/api/admin/proposals') {
        const request = body as { user: string };
        if (request.user === '0x6666666666666666666666666666666666666666')
          return { status: 404, body: { code: 8101, message: 'No such user', data: { field: 'user' } } };
        return ok({
          ...proposal('32', 'Exchange record matches', operatorAddress),
          kind: 'deposit.credit',
          subject_type: 'unattributed_deposit',
        });
      }
      return undefined;
    });
    renderConsole('/money?view=unattributed');
    fireEvent.click(await screen.findByRole('button', { name: 'Propose crediting deposit 12' }));
    expect(
      sent.find((call) => call.url.pathname === '/api/admin/deposits/unattributed')!.url.searchParams.get('status'),
    ).toBe('open');
    const panel = screen.getByRole('complementary', { name: 'Unattributed deposit 12' });
    fireEvent.click(within(panel).getByRole('button', { name: m.propose_credit }));
    expect(within(panel).getByText(m.credit_user_invalid)).toBeTruthy();
    expect(sent.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.change(within(panel).getByLabelText(m.credit_user), {
      target: { value: '0x6666666666666666666666666666666666666666' },
    });
    fireEvent.change(within(panel).getByLabelText(m.decision_reason), { target: { value: 'Exchange record matches' } });
    fireEvent.click(within(panel).getByRole('button', { name: m.propose_credit }));
    expect(await within(panel).findByText('No such user')).toBeTruthy();
    fireEvent.change(within(panel).getByLabelText(m.credit_user), {
      target: { value: ' 0x7777777777777777777777777777777777777777 ' },
    });
    fireEvent.click(within(panel).getByRole('button', { name: m.propose_credit }));
    expect(await within(panel).findByText(m.proposed_notice)).toBeTruthy();
    expect(sent.filter((call) => call.method === 'POST').at(-1)!.body).toEqual({
      kind: 'deposit.credit',
      subject_id: '12',
      user: '0x7777777777777777777777777777777777777777',
      reason: 'Exchange record matches',
    });
  });

  it('a viewer reads withdrawals but is offered no decision; a held payout carries the warning for finance', async () => {
    serve('viewer', (_method, url) =>
      url.pathname === '/api/admin/withdrawals'
        ? ok({ items: [withdrawal('9', 'held')], next_cursor: null })
        : undefined,
    );
    renderConsole('/money?status=held');
    fireEvent.click(await screen.findByRole('button', { name: 'Withdrawal 9' }));
    const panel = screen.getByRole('complementary', { name: 'Withdrawal 9' });
    expect(within(panel).queryByRole('button', { name: m.approve })).toBeNull();
    expect(within(panel).getByText('Your role (Viewer) can read withdrawals but not decide on them.')).toBeTruthy();
  });

  it("a grant's payout from the aid fund has no user: its grant and partner stand in the user's place, in the row and the panel", async () => {
    serve('viewer', (_method, url) =>
      url.pathname === '/api/admin/withdrawals'
        ? ok({ items: [grantPayout('12'), withdrawal('11', 'queued')], next_cursor: null })
        : undefined,
    );
    renderConsole('/money?status=queued');
    const opener = await screen.findByRole('button', { name: 'Withdrawal 12' });
    const row = opener.closest('tr')!;
    expect(within(row).getByText('Aid fund grant #31 · Calm Minds Foundation')).toBeTruthy();
    expect(within(row).getByText('25.5 USDT')).toBeTruthy();
    fireEvent.click(opener);
    const panel = screen.getByRole('complementary', { name: 'Withdrawal 12' });
    expect(within(panel).getByText(m.grant_paid_to)).toBeTruthy();
    expect(within(panel).getByText('Aid fund grant #31 · Calm Minds Foundation')).toBeTruthy();
    expect(within(panel).queryByText(m.user)).toBeNull();
  });

  it('sends the filters to the server and keeps them in the address', async () => {
    const sent = serve('viewer', (_method, url) =>
      url.pathname === '/api/admin/withdrawals' ? ok({ items: [], next_cursor: null }) : undefined,
    );
    const { router } = renderConsole('/money');
    const filters = await screen.findByRole('form', { name: en_US.table.filters });
    fireEvent.change(within(filters).getByLabelText(m.status), { target: { value: 'any' } });
    fireEvent.change(within(filters).getByLabelText(m.asset), { target: { value: 'WALLX' } });
    fireEvent.change(within(filters).getByLabelText(m.user), {
      target: { value: ` ${user.toUpperCase().replace('0X', '0x')} ` },
    });
    fireEvent.click(within(filters).getByRole('button', { name: en_US.table.apply }));
    await waitFor(() => expect(sent.at(-1)!.url.searchParams.get('asset')).toBe('WALLX'));
    expect(sent.at(-1)!.url.searchParams.get('user')).toBe(user);
    expect(sent.at(-1)!.url.searchParams.has('status')).toBe(false);
    expect(router.state.location.search).toContain('asset=WALLX');
  });

  it('the daily report shows signed totals by type, and refuses a range the server would', async () => {
    const sent = serve('viewer', (_method, url) =>
      url.pathname === '/api/admin/money/report'
        ? ok({
            from: url.searchParams.get('from'),
            to: url.searchParams.get('to'),
            time_zone: 'Asia/Shanghai',
            rows: [
              { day: '2026-11-24', asset: 'USDT', type: 'withdrawal', count: 2, total: '-300' },
              { day: '2026-11-24', asset: 'USDT', type: 'deposit', count: 5, total: '1250.5' },
            ],
          })
        : undefined,
    );
    renderConsole('/money?view=report&from=2026-11-20&to=2026-11-24');
    expect(await screen.findByText('−300')).toBeTruthy();
    expect(screen.getByText('+1250.5')).toBeTruthy();
    expect(screen.getByText(m.types.withdrawal)).toBeTruthy();
    expect(screen.getByText(/midnight, Asia\/Shanghai/)).toBeTruthy();
    const filters = screen.getByRole('form', { name: en_US.table.filters });
    fireEvent.change(within(filters).getByLabelText(m.report_from), { target: { value: '2026-12-01' } });
    fireEvent.click(within(filters).getByRole('button', { name: m.show }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Choose a start day on or before the end day, at most 92 days apart.',
    );
    expect(sent.filter((call) => call.url.pathname === '/api/admin/money/report')).toHaveLength(1);
  });

  it('with no range chosen, the report asks for none and shows the days the server chose in its own zone', async () => {
    // Days far from anyone's today: what the form shows can only have come from the server's answer.
    const sent = serve('viewer', (_method, url) =>
      url.pathname === '/api/admin/money/report'
        ? ok({ from: '2031-01-02', to: '2031-01-08', time_zone: 'Asia/Shanghai', rows: [] })
        : undefined,
    );
    renderConsole('/money?view=report');
    const filters = await screen.findByRole('form', { name: en_US.table.filters });
    await waitFor(() => expect(within(filters).getByLabelText<HTMLInputElement>(m.report_to).value).toBe('2031-01-08'));
    expect(within(filters).getByLabelText<HTMLInputElement>(m.report_from).value).toBe('2031-01-02');
    const asked = sent.filter((call) => call.url.pathname === '/api/admin/money/report');
    expect(asked.map((call) => call.url.search)).toEqual(['']);
  });
});
