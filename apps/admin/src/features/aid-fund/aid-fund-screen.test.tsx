import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, renderConsole, serveAs, setUpConsoleTests, type Answer } from '../../lib/test-render';
import { donation, donor, fund, grant, grantProposal, partner, partnerAddress } from './aid-fund-fixtures';

const texts = setUpConsoleTests();
const a = texts.aid_fund;
const none = ok({ items: [], next_cursor: null });
const refused = (code: number, message: string, field: string): Answer => ({
  status: 400,
  body: { code, message, data: { field } },
});

describe('the aid fund page', () => {
  it('shows the fund per asset to the last wei, and the donations with their donors (anonymous ones too)', async () => {
    serveAs('viewer', (_method, url) => {
      if (url.pathname === '/api/aid-fund') return ok(fund);
      if (url.pathname === '/api/admin/aid-fund/donations') return ok({ items: [donation], next_cursor: null });
      return undefined;
    });
    renderConsole('/aid-fund');
    const region = await screen.findByRole('region', { name: a.balance_title });
    const usdt = (await within(region).findAllByRole('row'))[1]!;
    expect(usdt.textContent).toContain('34.5');
    expect(usdt.textContent).toContain('25.5');
    expect(within(region).getAllByText('10.000000000000000001')).toHaveLength(2);
    const donations = await screen.findByText('60 USDT');
    const row = donations.closest('tr')!;
    expect(within(row).getByTitle(donor)).toBeTruthy();
    expect(within(row).getByText(a.shown_no)).toBeTruthy();
  });

  it('lists the grants with their state and transaction; a viewer may not propose one', async () => {
    serveAs('viewer', (_method, url) => {
      if (url.pathname === '/api/admin/aid-fund/grants')
        return ok({ items: [grant('32', 'queued'), grant('31', 'paid')], next_cursor: null });
      if (url.pathname === '/api/admin/aid-fund/partners')
        return ok({ items: [partner('4', 'Calm Minds Foundation')] });
      if (url.pathname === '/api/admin/proposals') return none;
      return undefined;
    });
    renderConsole('/aid-fund?tab=grants');
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const [, queued, paid] = within(table).getAllByRole('row');
    expect(queued!.textContent).toContain(a.status_queued);
    expect(paid!.textContent).toContain(a.status_paid);
    expect(within(paid!).getByTitle(`0x${'ab'.repeat(32)}`)).toBeTruthy();
    expect(screen.queryByRole('form', { name: a.propose_title })).toBeNull();
    expect(screen.getByText(a.propose_read_only)).toBeTruthy();
  });

  it('finance proposes a grant to an active partner only; a refusal lands on its field; the waiting grant shows', async () => {
    let posts = 0;
    let waiting = false;
    const sent = serveAs('finance', (method, url) => {
      if (url.pathname === '/api/admin/aid-fund/grants' && method === 'GET') return none;
      if (url.pathname === '/api/admin/aid-fund/partners')
        return ok({ items: [partner('4', 'Calm Minds Foundation'), partner('5', 'Closed Org', false)] });
      if (url.pathname === '/api/admin/proposals')
        return ok({ items: waiting ? [grantProposal('84')] : [], next_cursor: null });
      if (url.pathname === '/api/admin/aid-fund/grants' && method === 'POST') {
        posts += 1;
        if (posts === 1) return refused(9002, 'The aid fund holds less than this', 'amount');
        waiting = true;
        return ok(grantProposal('84'));
      }
      return undefined;
    });
    renderConsole('/aid-fund?tab=grants');
    const form = await screen.findByRole('form', { name: a.propose_title });
    const select = within(form).getByLabelText(a.partner) as HTMLSelectElement;
    await waitFor(() => expect(select.options).toHaveLength(2));
    // The placeholder and the active partner: a deactivated one takes no new grant.
    expect([...select.options].some((o) => o.textContent?.includes('Closed Org'))).toBe(false);
    fireEvent.change(select, { target: { value: '4' } });
    fireEvent.change(within(form).getByLabelText(a.amount), { target: { value: '1000' } });
    fireEvent.change(within(form).getByLabelText(a.reason), { target: { value: 'December grant' } });
    fireEvent.click(within(form).getByRole('button', { name: a.propose_submit }));
    expect(await within(form).findByText('The aid fund holds less than this')).toBeTruthy();
    const amount = form.querySelector<HTMLInputElement>('input[name="amount"]')!;
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(amount, { target: { value: '12' } });
    fireEvent.click(within(form).getByRole('button', { name: a.propose_submit }));
    expect(await screen.findByText(a.grant_proposed)).toBeTruthy();
    expect(sent.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { partner_id: '4', asset: 'USDT', amount: '1000', reason: 'December grant' },
      { partner_id: '4', asset: 'USDT', amount: '12', reason: 'December grant' },
    ]);
    const waitingNote = await screen.findByRole('region', { name: a.waiting_title.replace('{{n}}', '1') });
    expect(waitingNote.textContent).toContain('12 USDT to Calm Minds Foundation');
    expect(within(waitingNote).getByRole('link', { name: a.open_proposals }).getAttribute('href')).toBe(
      '/money?tab=proposals&show=any&status=pending&about=aid_grant',
    );
  });

  it('finance adds a partner, then edits one sending only what changed; support only reads', async () => {
    const sent = serveAs('finance', (method, url, body) => {
      if (url.pathname === '/api/admin/aid-fund/partners' && method === 'GET')
        return ok({ items: [partner('4', 'Calm Minds Foundation')] });
      if (url.pathname === '/api/admin/aid-fund/partners' && method === 'POST')
        return ok({ ...partner('6', 'New Hope'), ...(body as object) });
      if (url.pathname === '/api/admin/aid-fund/partners/4' && method === 'PATCH')
        return ok({ ...partner('4', 'Calm Minds Foundation'), ...(body as object) });
      return undefined;
    });
    renderConsole('/aid-fund?tab=partners');
    const add = await screen.findByRole('form', { name: a.add_title });
    fireEvent.change(within(add).getByLabelText(a.partner_name), { target: { value: 'New Hope' } });
    fireEvent.change(within(add).getByLabelText(a.address), { target: { value: partnerAddress } });
    fireEvent.click(within(add).getByRole('button', { name: a.add_submit }));
    expect(await within(add).findByText(a.partner_saved)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Calm Minds Foundation' }));
    const edit = await screen.findByRole('form', { name: 'Edit Calm Minds Foundation' });
    fireEvent.click(within(edit).getByRole('checkbox', { name: a.active_label }));
    fireEvent.click(within(edit).getByRole('button', { name: a.save }));
    expect(await within(edit).findByText(a.partner_saved)).toBeTruthy();
    expect(sent.filter((call) => call.method !== 'GET').map((call) => [call.method, call.body])).toEqual([
      ['POST', { name: 'New Hope', address: partnerAddress, website: null }],
      ['PATCH', { active: false }],
    ]);
  });

  it('a support operator reads the partners without a form', async () => {
    serveAs('support', (_method, url) =>
      url.pathname === '/api/admin/aid-fund/partners'
        ? ok({ items: [partner('4', 'Calm Minds Foundation')] })
        : undefined,
    );
    renderConsole('/aid-fund?tab=partners');
    expect(await screen.findByText('Calm Minds Foundation')).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Calm Minds Foundation' })).toBeNull();
  });
});
