import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CompanionSettings, CompanionSummary } from '@wallx/shared';
import { ok, operatorAddress, renderConsole, serveAs, setUpConsoleTests, type Answer } from '../../lib/test-render';

const texts = setUpConsoleTests();
const c = texts.companion;

const summary: CompanionSummary = {
  from: '2026-11-27',
  to: '2026-11-29',
  time_zone: 'Asia/Shanghai',
  configured: true,
  model: 'qwen2.5:7b-instruct',
  conversations: 31,
  min_people: 20,
  days: [
    {
      day: '2026-11-29',
      messages: null,
      answers: null,
      errors: null,
      crisis: null,
      prompt_tokens: 0,
      completion_tokens: 0,
      estimated_tokens: 1500,
    },
    {
      day: '2026-11-28',
      messages: 240,
      answers: 236,
      errors: 4,
      crisis: 2,
      prompt_tokens: 300_000,
      completion_tokens: 100_000,
      estimated_tokens: 0,
    },
    {
      day: '2026-11-27',
      messages: 0,
      answers: 0,
      errors: 0,
      crisis: 0,
      prompt_tokens: 0,
      completion_tokens: 0,
      estimated_tokens: 0,
    },
  ],
};
const settings: CompanionSettings = {
  daily_messages: 50,
  daily_token_budget: 2_000_000,
  version: 3,
  updated_by: operatorAddress,
  updated_at: '2026-11-20T08:00:00.000Z',
};
const refused = (code: number, message: string, field: string): Answer => ({
  status: code === 9040 ? 409 : 400,
  body: { code, message, data: { field } },
});

describe('the companion page', () => {
  it('shows counts only where the server gave them, the tokens of every day and today’s spend against the budget; a viewer may not change the settings', async () => {
    serveAs('viewer', (_method, url) => {
      if (url.pathname === '/api/admin/companion/summary') return ok(summary);
      if (url.pathname === '/api/admin/companion/settings') return ok(settings);
    });
    renderConsole('/companion');
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getAllByText('fewer than 20 people')).toHaveLength(4);
    expect(rows[1]!.textContent).toContain('1,500');
    expect(rows[1]!.textContent).toContain('(1,500 estimated)');
    expect(rows[2]!.textContent).toContain('240');
    expect(rows[2]!.textContent).toContain('400,000');
    expect(rows[2]!.textContent).toContain('20 %');
    const status = screen.getByRole('region', { name: c.status_title });
    expect(status.textContent).toContain('qwen2.5:7b-instruct');
    expect(status.textContent).toContain('31');
    expect(screen.getByRole('meter').getAttribute('aria-valuetext')).toBe('1,500 of 2,000,000 (0 %)');
    expect(screen.getByText(c.estimated_note)).toBeTruthy();
    const form = screen.getByRole('form', { name: c.settings_title });
    expect((within(form).getByLabelText(c.daily_messages, { exact: false }) as HTMLInputElement).readOnly).toBe(true);
    expect(within(form).queryByRole('button', { name: c.save })).toBeNull();
    expect(screen.queryByTestId('companion-not-configured')).toBeNull();
  });

  it('says when no model is configured', async () => {
    serveAs('viewer', (_method, url) => {
      if (url.pathname === '/api/admin/companion/summary') return ok({ ...summary, configured: false, model: null });
      if (url.pathname === '/api/admin/companion/settings') return ok({ ...settings, version: 0, updated_by: null });
    });
    renderConsole('/companion');
    expect((await screen.findByTestId('companion-not-configured')).textContent).toBe(c.not_configured);
    expect(screen.getByText(c.settings_defaults)).toBeTruthy();
  });

  it('finance saves the allowance on the version read: a refused value lands on its field, a stale version offers the newer values', async () => {
    const puts: unknown[] = [];
    let stored = settings;
    serveAs('finance', (method, url, body) => {
      if (url.pathname === '/api/admin/companion/summary') return ok(summary);
      if (url.pathname !== '/api/admin/companion/settings') return undefined;
      if (method !== 'PUT') return ok(stored);
      puts.push(body);
      if (puts.length === 1) return refused(1001, 'Invalid request parameters: daily_messages', 'daily_messages');
      if (puts.length === 2) return refused(9040, 'Someone changed these settings meanwhile', 'version');
      stored = { ...settings, daily_messages: 40, version: 4 };
      return ok(stored);
    });
    renderConsole('/companion');
    const form = await screen.findByRole('form', { name: c.settings_title });
    const messages = within(form).getByLabelText(c.daily_messages, { exact: false });
    fireEvent.change(messages, { target: { value: '-1' } });
    fireEvent.click(within(form).getByRole('button', { name: c.save }));
    await waitFor(() => expect(messages.getAttribute('aria-invalid')).toBe('true'));
    fireEvent.change(messages, { target: { value: '40' } });
    fireEvent.click(within(form).getByRole('button', { name: c.save }));
    expect(await within(form).findByRole('button', { name: c.reload })).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: c.save }));
    // Saved: the settings are read again, drawn for their new version, and the form says it was saved.
    expect(await screen.findByText(c.saved)).toBeTruthy();
    expect(screen.getByText(/Version 4, changed by/)).toBeTruthy();
    expect((screen.getByLabelText(c.daily_messages, { exact: false }) as HTMLInputElement).value).toBe('40');
    expect(puts[0]).toEqual({ version: 3, daily_messages: -1, daily_token_budget: 2_000_000 });
    expect(puts[2]).toEqual({ version: 3, daily_messages: 40, daily_token_budget: 2_000_000 });
  });
});
