import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, renderConsole, setUpConsoleTests } from '../../lib/test-render';
import {
  pool,
  poolFundingProposal,
  refused,
  serve,
  stake,
  staker,
  stakingSettings,
  stakingSettingsProposal,
} from './staking-fixtures';

const texts = setUpConsoleTests();
const s = texts.staking;
const noProposals = ok({ items: [], next_cursor: null });

describe('the staking pool page', () => {
  it('is in the sidebar of every role', async () => {
    serve('viewer', (_method, url) => (url.pathname === '/api/admin/staking' ? ok(pool) : noProposals));
    renderConsole('/');
    const nav = await screen.findByRole('navigation', { name: texts.nav.label });
    expect(within(nav).getByRole('link', { name: texts.nav.staking })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: texts.nav.aid_fund })).toBeTruthy();
  });

  it('shows the pool per asset, what is staked per term and the last distribution to the last wei; a viewer may not fund', async () => {
    serve('viewer', (_method, url) => (url.pathname === '/api/admin/staking' ? ok(pool) : noProposals));
    renderConsole('/staking');
    const region = await screen.findByRole('region', { name: s.pool_title });
    expect(within(region).getByText('1250.5 WALLX')).toBeTruthy();
    expect(within(region).getByText('3.25 USDT')).toBeTruthy();
    expect(within(region).getByText('9000 WALLX in 3 stakes by 2 stakers')).toBeTruthy();
    expect(within(region).getByText('8000 WALLX')).toBeTruthy();
    const recent = screen.getByRole('region', { name: s.recent_title });
    const row = within(recent).getAllByRole('row')[1]!;
    expect(within(row).getByText('89.999999999999999999')).toBeTruthy();
    expect(within(row).getByText('0.000000000000000001')).toBeTruthy();
    expect(screen.queryByRole('form', { name: s.fund_title })).toBeNull();
    expect(screen.getByText(s.fund_read_only)).toBeTruthy();
  });

  it('finance proposes adding to the pool: a refused amount lands on its field; accepted, the waiting proposal shows with a link to approve it', async () => {
    let posts = 0;
    let waiting = false;
    const sent = serve('finance', (method, url) => {
      if (url.pathname === '/api/admin/staking') return ok(pool);
      if (url.pathname === '/api/admin/proposals')
        return ok({ items: waiting ? [poolFundingProposal('81')] : [], next_cursor: null });
      if (method === 'POST' && url.pathname === '/api/admin/staking/fund') {
        posts += 1;
        if (posts === 1) return refused(1001, 'Invalid request parameters: amount', 'amount');
        waiting = true;
        return ok(poolFundingProposal('81'));
      }
      return undefined;
    });
    renderConsole('/staking');
    const form = await screen.findByRole('form', { name: s.fund_title });
    const amount = form.querySelector<HTMLInputElement>('input[name="amount"]')!;
    fireEvent.change(amount, { target: { value: '0' } });
    fireEvent.change(within(form).getByLabelText(s.reason), { target: { value: 'December proceeds' } });
    fireEvent.click(within(form).getByRole('button', { name: s.fund_submit }));
    expect(await within(form).findByText('Invalid request parameters: amount')).toBeTruthy();
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(amount, { target: { value: '500' } });
    fireEvent.click(within(form).getByRole('button', { name: s.fund_submit }));
    expect(await screen.findByText(s.fund_proposed)).toBeTruthy();
    expect(sent.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { amount: '0', reason: 'December proceeds' },
      { amount: '500', reason: 'December proceeds' },
    ]);
    expect(await screen.findByText('Waiting: +500 WALLX: December proceeds')).toBeTruthy();
    const link = screen.getByRole('link', { name: s.open_proposals });
    expect(link.getAttribute('href')).toBe('/money?tab=proposals&show=any&status=pending&about=staking_budget');
  });

  it('lists the stakes with their term, end and state, filtered by state on the server', async () => {
    const sent = serve('support', (_method, url) => {
      if (url.pathname === '/api/admin/staking/stakes') {
        const status = url.searchParams.get('status');
        const items = [stake('2', 'active'), stake('1', 'withdrawn')].filter((x) => !status || x.status === status);
        return ok({ items, next_cursor: null });
      }
      return undefined;
    });
    renderConsole('/staking?tab=stakes');
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const [, active, withdrawn] = within(table).getAllByRole('row');
    expect(active!.textContent).toContain(s.term_d90);
    expect(active!.textContent).toContain(s.status_active);
    expect(within(active!).getByTitle(staker)).toBeTruthy();
    expect(withdrawn!.textContent).toContain(s.any_time);
    expect(withdrawn!.textContent).toContain('12.5 WALLX · 0.1 USDT');
    fireEvent.change(screen.getByLabelText(s.state), { target: { value: 'active' } });
    fireEvent.click(screen.getByRole('button', { name: texts.table.apply }));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2));
    expect(sent.some((call) => call.url.searchParams.get('status') === 'active')).toBe(true);
  });

  it('the rules: finance proposes the whole set on the version read; a refused weight lands on its term; a support operator only reads', async () => {
    let posts = 0;
    const sent = serve('finance', (method, url) => {
      if (url.pathname === '/api/admin/staking/settings' && method === 'GET') return ok(stakingSettings);
      if (url.pathname === '/api/admin/proposals') return noProposals;
      if (url.pathname === '/api/admin/staking/settings' && method === 'POST') {
        posts += 1;
        if (posts === 1) return refused(1001, 'must be above 0 and at most 100', 'term_weights.d180');
        return ok(stakingSettingsProposal('82'));
      }
      return undefined;
    });
    renderConsole('/staking?tab=settings');
    const form = await screen.findByRole('form', { name: s.tab_settings });
    expect(within(form).getByText(/Version 3, proposed by/)).toBeTruthy();
    const d180 = within(form).getByLabelText(s.term_d180) as HTMLInputElement;
    fireEvent.change(d180, { target: { value: '0' } });
    fireEvent.click(within(form).getByRole('button', { name: s.settings_submit }));
    expect(await within(form).findByText('must be above 0 and at most 100')).toBeTruthy();
    expect(d180.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(d180, { target: { value: '2.5' } });
    // Found by name: the share's label also holds its hint.
    const aidShare = form.querySelector<HTMLInputElement>('input[name="aid_share"]')!;
    fireEvent.change(aidShare, { target: { value: '0.15' } });
    fireEvent.click(within(form).getByRole('button', { name: s.settings_submit }));
    expect(await within(form).findByText(s.settings_proposed)).toBeTruthy();
    expect(sent.filter((call) => call.method === 'POST')[1]!.body).toEqual({
      version: 3,
      term_weights: { flexible: '1', d30: '1.2', d90: '1.5', d180: '2.5' },
      fee_share: '0.3',
      aid_share: '0.15',
      checkin_boost: '0.2',
      min_stake: '10',
    });
    // The form shows the rules in force again: the change waits.
    expect(aidShare.value).toBe('0.1');
  });

  it('a support operator reads the rules but has no button to propose', async () => {
    serve('support', (method, url) => {
      if (url.pathname === '/api/admin/staking/settings') return ok(stakingSettings);
      if (url.pathname === '/api/admin/proposals')
        return ok({ items: [stakingSettingsProposal('83')], next_cursor: null });
      return undefined;
    });
    renderConsole('/staking?tab=settings');
    const form = await screen.findByRole('form', { name: s.tab_settings });
    expect((within(form).getByLabelText(s.term_d90) as HTMLInputElement).readOnly).toBe(true);
    expect(within(form).queryByRole('button', { name: s.settings_submit })).toBeNull();
    expect(await within(form).findByRole('link', { name: s.open_proposals })).toBeTruthy();
  });
});
