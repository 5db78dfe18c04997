import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Proposal } from '@wallx/shared';
import { ok, operatorAddress, renderConsole, setUpConsoleTests } from '../../lib/test-render';
import { proposal, refused, serve, settings, user } from './money-fixtures';

const m = setUpConsoleTests().money;

describe('the money page: proposals, and the fees and limits', () => {
  it('the proposals tab shows what waits for me by default, and approves from the row', async () => {
    const sent = serve('finance', (method, url) => {
      if (url.pathname === '/api/admin/proposals' && method === 'GET')
        return ok({
          items: [proposal('31', 'Known customer', '0x4444444444444444444444444444444444444444')],
          next_cursor: null,
        });
      if (method === 'POST' && url.pathname === '/api/admin/proposals/31/approve')
        return {
          status: 409,
          body: { code: 8607, message: 'The chain shows this payout was made', data: { field: 'id' } },
        };
      return undefined;
    });
    renderConsole('/money?view=proposals');
    fireEvent.click(await screen.findByRole('button', { name: 'Approve proposal 31' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve proposal 31?' });
    fireEvent.click(within(dialog).getByRole('button', { name: m.approve_confirm }));
    expect(await screen.findByText('The chain shows this payout was made')).toBeTruthy();
    expect(sent.find((call) => call.url.pathname === '/api/admin/proposals')!.url.searchParams.get('view')).toBe(
      'to_approve',
    );
  });

  it('fees and limits: finance saves on the version read; a stale save says so and offers to reload; a bad value lands on its field', async () => {
    let saves = 0;
    const sent = serve('finance', (method, url) => {
      if (url.pathname !== '/api/admin/money/settings') return undefined;
      if (method === 'GET') return ok(settings);
      saves += 1;
      if (saves === 1) return refused(1001, 'Invalid request parameters: withdraw.USDT.fee', 'withdraw.USDT.fee');
      return {
        status: 409,
        body: {
          code: 8501,
          message: 'Someone changed the fees and limits while you edited them; reload and make your change again',
          data: { field: 'version', version: 4 },
        },
      };
    });
    renderConsole('/money?view=settings');
    const form = await screen.findByRole('form', { name: m.tab_settings });
    expect(within(form).getByText(`Version 3, saved by ${operatorAddress} at`, { exact: false })).toBeTruthy();
    const fee = form.querySelector<HTMLInputElement>('input[name="withdraw.USDT.fee"]')!;
    fireEvent.change(fee, { target: { value: '-1' } });
    fireEvent.click(within(form).getByRole('button', { name: m.save }));
    expect(await within(form).findByText('Invalid request parameters: withdraw.USDT.fee')).toBeTruthy();
    expect(fee.getAttribute('aria-invalid')).toBe('true');
    const put = sent.find((call) => call.method === 'PUT')!;
    expect(put.body).toMatchObject({
      version: 3,
      withdraw: { USDT: { fee: '-1', min: '20' } },
      markets: { c2c_fee_rate: '0.01' },
    });

    fireEvent.change(fee, { target: { value: '2' } });
    fireEvent.click(within(form).getByRole('button', { name: m.save }));
    expect(await within(form).findByRole('button', { name: m.reload })).toBeTruthy();
  });

  it('fees and limits: a change is proposed, says so, and changes nothing; the change waiting shows before → after, its proposer may only take it back', async () => {
    let waiting: Proposal | null = null;
    const settingsProposal = (by: string): Proposal => ({
      ...proposal('40', '', by),
      kind: 'money_settings.update',
      subject_type: 'money_settings',
      subject_id: 'current',
      subject: null,
      settings: {
        version: 3,
        before: { withdraw: settings.withdraw, markets: settings.markets },
        after: {
          withdraw: { ...settings.withdraw, USDT: { ...settings.withdraw.USDT, review_above: '999999999999' } },
          markets: settings.markets,
        },
      },
    });
    const sent = serve('finance', (method, url) => {
      if (url.pathname === '/api/admin/money/settings') {
        if (method === 'GET') return ok(settings);
        waiting = settingsProposal(operatorAddress);
        return ok(waiting);
      }
      if (url.pathname === '/api/admin/proposals' && method === 'GET')
        return ok({ items: waiting ? [waiting] : [], next_cursor: null });
      return undefined;
    });
    renderConsole('/money?view=settings');
    const form = await screen.findByRole('form', { name: m.tab_settings });
    const review = form.querySelector<HTMLInputElement>('input[name="withdraw.USDT.review_above"]')!;
    fireEvent.change(review, { target: { value: '999999999999' } });
    fireEvent.click(within(form).getByRole('button', { name: m.save }));
    expect(await within(form).findByRole('status')).toHaveProperty('textContent', m.saved.replace('{{version}}', '3'));
    expect(sent.filter((call) => call.method === 'PUT')).toHaveLength(1);
    // The waiting change: what moves, and for its proposer only taking it back.
    const panel = await screen.findByRole('region', { name: m.settings_waiting_title });
    expect(within(panel).getByText('Withdrawals, USDT · Review above:', { exact: false })).toBeTruthy();
    expect(within(panel).getByText('999999999999')).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Approve proposal 40' })).toBeNull();
    expect(within(panel).getByRole('button', { name: 'Take back my proposal 40' })).toBeTruthy();
  });

  it('the proposals tab reads operator changes and settings changes as before → after; only an admin is offered an operator change', async () => {
    const other = '0x4444444444444444444444444444444444444444';
    const added: Proposal = {
      ...proposal('50', '', other),
      kind: 'operator.add',
      subject_type: 'operator',
      subject_id: user,
      subject: null,
      operator: { address: user, before: null, after: { role: 'finance', person: null, is_disabled: false } },
    };
    const role: Proposal = {
      ...added,
      id: '51',
      kind: 'operator.role',
      operator: {
        address: user,
        before: { role: 'viewer', person: null, is_disabled: false },
        after: { role: 'admin', person: null, is_disabled: false },
      },
    };
    const answer = (method: string, url: URL) =>
      url.pathname === '/api/admin/proposals' && method === 'GET'
        ? ok({ items: [added, role], next_cursor: null })
        : undefined;
    serve('finance', answer);
    renderConsole('/money?view=proposals&show=any');
    expect(await screen.findByText(m.kind_operator_add)).toBeTruthy();
    expect(screen.getByText(m.kind_operator_role)).toBeTruthy();
    expect(screen.getByText(m.change_new)).toBeTruthy();
    expect(screen.getAllByText('Viewer').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Approve proposal 51' })).toBeNull();
    cleanup();
    serve('admin', answer);
    renderConsole('/money?view=proposals&show=any');
    fireEvent.click(await screen.findByRole('button', { name: 'Approve proposal 51' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve proposal 51?' });
    expect(within(dialog).getByText(m.approve_change_text.replace('{{kind}}', m.kind_operator_role))).toBeTruthy();
    expect(within(dialog).getByText('Admin')).toBeTruthy();
  });

  it("the proposals tab reads the staking pool's rules as before → after, adding to the pool, and an aid grant's partner and amount", async () => {
    const other = '0x4444444444444444444444444444444444444444';
    const rules = {
      term_weights: { flexible: '1', d30: '1.2', d90: '1.5', d180: '2' },
      fee_share: '0.3',
      aid_share: '0.1',
      checkin_boost: '0.2',
      min_stake: '10',
    };
    const base = { ...proposal('60', 'pool', other), subject: null };
    const items: Proposal[] = [
      {
        ...base,
        kind: 'staking_settings.update',
        subject_type: 'staking_settings',
        subject_id: 'current',
        staking_settings: {
          version: 3,
          before: rules,
          after: { ...rules, aid_share: '0.15', term_weights: { ...rules.term_weights, d180: '2.5' } },
        },
      },
      {
        ...base,
        id: '61',
        kind: 'staking.fund',
        subject_type: 'staking_budget',
        subject_id: 'WALLX',
        funding: { asset: 'WALLX', amount: '500' },
      },
      {
        ...base,
        id: '62',
        kind: 'aid_grant.pay',
        subject_type: 'aid_grant',
        subject_id: '32',
        aid_grant: {
          partner_id: '4',
          partner: 'Calm Minds Foundation',
          address: '0x7777777777777777777777777777777777777777',
          asset: 'USDT',
          amount: '12',
        },
      },
    ];
    serve('finance', (method, url) =>
      url.pathname === '/api/admin/proposals' && method === 'GET' ? ok({ items, next_cursor: null }) : undefined,
    );
    renderConsole('/money?view=proposals&show=any');
    expect(await screen.findByText(m.kind_staking_settings_update)).toBeTruthy();
    const table = screen.getByRole('table');
    const changes = within(table)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(changes).toContain(`${m.staking_weight_d180}: 2 → 2.5`);
    expect(changes).toContain(`${m.staking_aid_share}: 0.1 → 0.15`);
    expect(changes).toHaveLength(2);
    expect(screen.getByText('+500 WALLX to the staking pool')).toBeTruthy();
    const grant = screen.getByText(/^12 USDT to Calm Minds Foundation \(0x7777/);
    expect(grant.getAttribute('title')).toBe('0x7777777777777777777777777777777777777777');
  });

  it('fees and limits are read-only for a role without money', async () => {
    serve('support', (_method, url) =>
      url.pathname === '/api/admin/money/settings'
        ? ok({ ...settings, version: 0, updated_by: null, updated_at: null })
        : undefined,
    );
    renderConsole('/money?view=settings');
    const form = await screen.findByRole('form', { name: m.tab_settings });
    expect(within(form).getByText(m.settings_source_config)).toBeTruthy();
    expect(within(form).queryByRole('button', { name: m.save })).toBeNull();
    expect(form.querySelector<HTMLInputElement>('input[name="markets.c2c_fee_rate"]')!.readOnly).toBe(true);
  });
});
