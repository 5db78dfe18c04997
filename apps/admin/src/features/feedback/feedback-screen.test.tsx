import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OperatorFeedback, OperatorRole } from '@wallx/shared';
import { en_US } from '../../i18n/en_US';
import { ok, operatorAddress, renderConsole, serveAs, setUpConsoleTests, type Answer } from '../../lib/test-render';

const f = setUpConsoleTests().feedback;

const open: OperatorFeedback = {
  id: '7',
  title: 'Deposit not showing',
  detail: 'I sent 50 USDT.\n<img src=x onerror=alert(1)>',
  status: 'open',
  reply: null,
  replied_at: null,
  created_at: '2026-11-24T08:00:00.000Z',
  user: '0x3333333333333333333333333333333333333333',
  replied_by: null,
};

function server(
  role: OperatorRole,
  replyAnswer: (body: unknown) => Answer = (body) =>
    ok({
      feedback: {
        ...open,
        status: 'replied',
        reply: (body as { reply: string }).reply,
        replied_at: '2026-11-24T09:00:00.000Z',
        replied_by: operatorAddress,
      },
    }),
) {
  return serveAs(role, (method, url, body) => {
    if (method === 'POST' && url.pathname === '/api/admin/feedback/7/reply') return replyAnswer(body);
    if (url.pathname === '/api/admin/feedback')
      return ok({ items: url.searchParams.get('status') === 'replied' ? [] : [open], next_cursor: null });
    return undefined;
  });
}

async function openMessage() {
  fireEvent.click(await screen.findByRole('button', { name: `Read “${open.title}”` }));
  return screen.getByRole('complementary', { name: open.title });
}

describe('the feedback page', () => {
  it('lists open feedback by default, filters by status on the server, and shows a message as text', async () => {
    const sent = server('support');
    renderConsole('/feedback');
    const panel = await openMessage();
    expect(within(panel).getByText(/<img src=x onerror=alert\(1\)>/)).toBeTruthy();
    expect(panel.querySelector('img')).toBeNull();
    expect(sent.find((call) => call.url.pathname === '/api/admin/feedback')!.url.searchParams.get('status')).toBe(
      'open',
    );

    fireEvent.click(screen.getByRole('button', { name: f.status_replied }));
    expect(await screen.findByText(en_US.table.empty)).toBeTruthy();
    expect(sent.at(-1)!.url.searchParams.get('status')).toBe('replied');
    fireEvent.click(screen.getByRole('button', { name: f.status_all }));
    await waitFor(() => expect(sent.at(-1)!.url.searchParams.has('status')).toBe(false));
  });

  it('checks the reply before sending: required, trimmed', async () => {
    const sent = server('support');
    renderConsole('/feedback');
    const panel = await openMessage();
    fireEvent.change(within(panel).getByLabelText(f.reply), { target: { value: '   ' } });
    fireEvent.click(within(panel).getByRole('button', { name: f.send_reply }));
    expect(within(panel).getByRole('alert').textContent).toBe(f.reply_required);
    expect(within(panel).getByLabelText(f.reply).getAttribute('aria-invalid')).toBe('true');
    expect(sent.some((call) => call.method === 'POST')).toBe(false);
  });

  it('sends the reply and shows it as sent', async () => {
    const sent = server('support');
    renderConsole('/feedback');
    const panel = await openMessage();
    fireEvent.change(within(panel).getByLabelText(f.reply), {
      target: { value: '  It arrived now; sorry for the wait.  ' },
    });
    fireEvent.click(within(panel).getByRole('button', { name: f.send_reply }));
    expect((await within(panel).findByRole('status')).textContent).toBe(f.sent);
    expect(within(panel).getByText('It arrived now; sorry for the wait.')).toBeTruthy();
    expect(within(panel).queryByLabelText(f.reply)).toBeNull();
    const post = sent.find((call) => call.method === 'POST')!;
    expect(post.body).toEqual({ reply: 'It arrived now; sorry for the wait.' });
    expect(post.headers.Authorization).toBe('Bearer token-support');
  });

  it("shows the server's refusal of the reply on the field", async () => {
    server('support', () => ({
      status: 400,
      body: { code: 1001, message: 'reply: too long', data: { field: 'reply' } },
    }));
    renderConsole('/feedback');
    const panel = await openMessage();
    fireEvent.change(within(panel).getByLabelText(f.reply), { target: { value: 'Hello' } });
    fireEvent.click(within(panel).getByRole('button', { name: f.send_reply }));
    const error = await within(panel).findByRole('alert');
    expect(error.textContent).toBe('reply: too long');
    const field = within(panel).getByLabelText(f.reply);
    expect(field.getAttribute('aria-describedby')).toContain(error.id);
    expect((field as HTMLTextAreaElement).value).toBe('Hello');
  });

  it('a role without support reads, but has no reply form', async () => {
    server('finance');
    renderConsole('/feedback');
    const panel = await openMessage();
    expect(within(panel).queryByLabelText(f.reply)).toBeNull();
    expect(within(panel).getByText('Your role (Finance) can read feedback but not reply.')).toBeTruthy();
  });
});
