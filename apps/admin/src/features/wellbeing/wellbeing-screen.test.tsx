import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, renderConsole, setUpConsoleTests } from '../../lib/test-render';
import {
  board,
  checkinSettings,
  fundingProposal,
  lines,
  refused,
  serve,
  settingsProposal,
  summary,
  troll,
} from './wellbeing-fixtures';

const texts = setUpConsoleTests();
const w = texts.wellbeing;
const noProposals = ok({ items: [], next_cursor: null });

describe('the well-being page', () => {
  it('is in the sidebar of every role', async () => {
    serve('viewer', (_method, url) => (url.pathname === '/api/admin/wellbeing/summary' ? ok(summary) : noProposals));
    renderConsole('/');
    const nav = await screen.findByRole('navigation', { name: texts.nav.label });
    expect(within(nav).getByRole('link', { name: w.title })).toBeTruthy();
  });

  it('the summary shows a day’s figures only where the server gave them, and says “fewer than 20 people” elsewhere; a viewer may not fund', async () => {
    serve('viewer', (_method, url) => (url.pathname === '/api/admin/wellbeing/summary' ? ok(summary) : noProposals));
    renderConsole('/wellbeing');
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows[1]!.textContent).toContain('2026-11-24');
    expect(within(rows[1]!).getAllByText('fewer than 20 people')).toHaveLength(2);
    expect(within(rows[2]!).getByText('42')).toBeTruthy();
    expect(within(rows[2]!).getByText('3.57')).toBeTruthy();
    expect(within(rows[2]!).getByText('47')).toBeTruthy();
    // The chart is one image with its summary; every figure is in the table.
    const chart = screen.getByRole('img');
    expect(chart.getAttribute('aria-label')).toContain('2 of 3 days had at least 20 people');
    expect(chart.querySelectorAll('.checkin-chart__hidden')).toHaveLength(1);
    expect(chart.querySelectorAll('.checkin-chart__mood')).toHaveLength(2);
    expect(screen.getByText('930 WALLX')).toBeTruthy();
    expect(screen.getByText('1000 WALLX')).toBeTruthy();
    expect(screen.queryByRole('form', { name: w.fund_title })).toBeNull();
    expect(screen.getByText(w.fund_read_only)).toBeTruthy();
  });

  it('finance proposes funding: a refused amount lands on its field; accepted, it says the budget waits for approval and shows the waiting proposal', async () => {
    let posts = 0;
    let waiting = false;
    const sent = serve('finance', (method, url) => {
      if (url.pathname === '/api/admin/wellbeing/summary') return ok(summary);
      if (url.pathname === '/api/admin/proposals')
        return ok({ items: waiting ? [fundingProposal('77')] : [], next_cursor: null });
      if (method === 'POST' && url.pathname === '/api/admin/wellbeing/budget') {
        posts += 1;
        if (posts === 1) return refused(1001, 'Invalid request parameters: amount', 'amount');
        waiting = true;
        return ok(fundingProposal('77'));
      }
      return undefined;
    });
    renderConsole('/wellbeing');
    const form = await screen.findByRole('form', { name: w.fund_title });
    // Found by name: a refused field's label also holds its error.
    const amount = form.querySelector<HTMLInputElement>('input[name="amount"]')!;
    fireEvent.change(amount, { target: { value: '0' } });
    fireEvent.change(within(form).getByLabelText(w.fund_reason), { target: { value: 'November top-up' } });
    fireEvent.click(within(form).getByRole('button', { name: w.fund_submit }));
    expect(await within(form).findByText('Invalid request parameters: amount')).toBeTruthy();
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(amount, { target: { value: '500' } });
    fireEvent.click(within(form).getByRole('button', { name: w.fund_submit }));
    expect(await screen.findByText(w.fund_proposed)).toBeTruthy();
    expect(sent.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { amount: '0', reason: 'November top-up' },
      { amount: '500', reason: 'November top-up' },
    ]);
    expect(await screen.findByText('+500 WALLX: November top-up')).toBeTruthy();
    const link = screen.getByRole('link', { name: w.open_proposals });
    expect(link.getAttribute('href')).toBe('/money?tab=proposals&show=any&status=pending&about=rewards_budget');
  });

  it('the reward rules: finance proposes the whole set on the version read; a stale version offers to reload; at most 10 prizes', async () => {
    let posts = 0;
    const sent = serve('finance', (method, url) => {
      if (url.pathname === '/api/admin/wellbeing/settings' && method === 'GET') return ok(checkinSettings);
      if (url.pathname === '/api/admin/proposals') return noProposals;
      if (url.pathname === '/api/admin/wellbeing/settings' && method === 'POST') {
        posts += 1;
        if (posts === 1) return ok(settingsProposal('78'));
        return refused(9003, 'Someone changed the check-in rewards meanwhile', 'version', 409);
      }
      return undefined;
    });
    renderConsole('/wellbeing?tab=settings');
    const form = await screen.findByRole('form', { name: w.tab_settings });
    expect(within(form).getByText(/Version 2, proposed by/)).toBeTruthy();
    fireEvent.change(within(form).getByLabelText(w.checkin_reward), { target: { value: '2' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: w.require_holding }));
    fireEvent.click(within(form).getByRole('button', { name: w.prize_add }));
    fireEvent.change(within(form).getByLabelText('Prize for place 4'), { target: { value: '5' } });
    fireEvent.click(within(form).getByRole('button', { name: w.settings_submit }));
    expect(await within(form).findByText(w.settings_proposed)).toBeTruthy();
    expect(sent.find((call) => call.method === 'POST')!.body).toEqual({
      version: 2,
      checkin_reward: '2',
      streak_bonus: '5',
      streak_every: 7,
      require_holding: false,
      prizes: ['50', '30', '20', '5'],
      low_mood_days: 3,
    });
    // The form shows the rules in force again: the change waits.
    expect((within(form).getByLabelText(w.checkin_reward) as HTMLInputElement).value).toBe('1');

    fireEvent.change(within(form).getByLabelText(w.streak_bonus), { target: { value: '6' } });
    fireEvent.click(within(form).getByRole('button', { name: w.settings_submit }));
    expect(await within(form).findByText('Someone changed the check-in rewards meanwhile')).toBeTruthy();
    expect(within(form).getByRole('button', { name: w.reload })).toBeTruthy();

    for (let i = 0; i < 7; i++) fireEvent.click(within(form).getByRole('button', { name: w.prize_add }));
    expect(within(form).getAllByLabelText(/Prize for place/)).toHaveLength(10);
    expect((within(form).getByRole('button', { name: w.prize_add }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('the reward rules are read-only to support, with the waiting change shown', async () => {
    serve('support', (_method, url) => {
      if (url.pathname === '/api/admin/wellbeing/settings') return ok(checkinSettings);
      if (url.pathname === '/api/admin/proposals') return ok({ items: [settingsProposal('78')], next_cursor: null });
      return undefined;
    });
    renderConsole('/wellbeing?tab=settings');
    const form = await screen.findByRole('form', { name: w.tab_settings });
    expect(within(form).getByText('Your role (Support) can read these rules but not propose a change.')).toBeTruthy();
    expect(within(form).queryByRole('button', { name: w.settings_submit })).toBeNull();
    expect(await within(form).findByRole('link', { name: w.open_proposals })).toBeTruthy();
  });

  it('crisis lines: support adds one and removes one, never the default; finance only reads them', async () => {
    const sent = serve('support', (method, url) => {
      if (url.pathname === '/api/admin/support-lines' && method === 'GET') return ok({ items: lines });
      if (method === 'PUT' && url.pathname === '/api/admin/support-lines/CN')
        return ok({ ...lines[1]!, country: 'CN', name: 'Beijing crisis line' });
      if (method === 'DELETE' && url.pathname === '/api/admin/support-lines/JP') return ok({ country: 'JP' });
      return undefined;
    });
    renderConsole('/wellbeing?tab=support_lines');
    expect(await screen.findByText('Inochi no Denwa')).toBeTruthy();
    // The aid fund's partners are not lines by themselves (decision 153): the tab says how one becomes one.
    expect(screen.getByText(w.lines_partners_hint)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit Default (any other country)' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove default' })).toBeNull();

    const form = screen.getByRole('form', { name: w.line_form_add });
    fireEvent.change(within(form).getByLabelText(w.line_country), { target: { value: 'cn' } });
    fireEvent.change(within(form).getByLabelText(w.line_name), { target: { value: 'Beijing crisis line' } });
    fireEvent.change(within(form).getByLabelText(w.line_url), { target: { value: 'https://crisis.example' } });
    fireEvent.click(within(form).getByRole('button', { name: w.line_save }));
    expect(await screen.findByText('The line of CN is saved.')).toBeTruthy();
    expect(sent.find((call) => call.method === 'PUT')!.body).toEqual({
      name: 'Beijing crisis line',
      phone: null,
      url: 'https://crisis.example',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Remove JP' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the line of JP?' });
    fireEvent.click(within(dialog).getByRole('button', { name: w.line_remove_confirm }));
    await waitFor(() => expect(sent.some((call) => call.method === 'DELETE')).toBe(true));
  });

  it('crisis lines are read-only to finance', async () => {
    serve('finance', (_method, url) =>
      url.pathname === '/api/admin/support-lines' ? ok({ items: lines }) : undefined,
    );
    renderConsole('/wellbeing?tab=support_lines');
    expect(await screen.findByText('Inochi no Denwa')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull();
    expect(screen.queryByRole('form', { name: w.line_form_add })).toBeNull();
  });

  it('the weekly board: support hides a nickname with a reason and shows a hidden one again; a viewer only reads it', async () => {
    const sent = serve('support', (method, url) => {
      if (url.pathname === '/api/admin/leaderboard') return ok(board);
      if (method === 'POST' && url.pathname.startsWith('/api/admin/leaderboard/nicknames/')) return ok({});
      return undefined;
    });
    renderConsole('/wellbeing?tab=leaderboard');
    expect(await screen.findByText('nickname “rude name” hidden')).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: /mood/i })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Hide “calm-river”' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(w.hide_reason), { target: { value: 'Impersonates staff' } });
    fireEvent.click(within(dialog).getByRole('button', { name: w.hide_confirm }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Show “rude name” again' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: w.unhide_confirm }));
    await waitFor(() => expect(sent.filter((call) => call.method === 'POST')).toHaveLength(2));
    const [hide, unhide] = sent.filter((call) => call.method === 'POST');
    expect(hide!.url.pathname).toMatch(/\/nicknames\/0x2{40}\/hide$/);
    expect(hide!.body).toEqual({ reason: 'Impersonates staff' });
    expect(unhide!.url.pathname).toBe(`/api/admin/leaderboard/nicknames/${troll}/unhide`);
  });

  it('the weekly board offers no hiding to a viewer', async () => {
    serve('viewer', (_method, url) => (url.pathname === '/api/admin/leaderboard' ? ok(board) : undefined));
    renderConsole('/wellbeing?tab=leaderboard');
    expect(await screen.findByText('calm-river')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Hide/ })).toBeNull();
  });

  it('the money page’s proposals show both new kinds sensibly', async () => {
    serve('admin', (_method, url) =>
      url.pathname === '/api/admin/proposals'
        ? ok({ items: [fundingProposal('77'), settingsProposal('78')], next_cursor: null })
        : undefined,
    );
    renderConsole('/money?tab=proposals&show=any');
    expect(await screen.findByText(texts.money.kind_rewards_fund)).toBeTruthy();
    expect(screen.getByText('+500 WALLX to the rewards budget')).toBeTruthy();
    expect(screen.getByText('November top-up')).toBeTruthy();
    expect(screen.getByText(texts.money.kind_checkin_settings_update)).toBeTruthy();
    expect(screen.getByText('50 / 30 / 20')).toBeTruthy();
    expect(screen.getByText('60 / 30 / 20')).toBeTruthy();
    expect(screen.queryByText('#WALLX')).toBeNull();
    expect(screen.queryByText('#current')).toBeNull();
  });
});
