// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorCatalog, FEEDBACK_LIMITS, type Feedback } from '@wallx/shared';
import { en_US as core } from '@wallx/shared/i18n/errors/en_US';
import { en_US } from '@wallx/shared/i18n/feedback/en_US';
import { fakeApi, renderWithProviders, setUpApiTests } from '../../lib/test-api';
import { showToast } from '../../lib/toast';
import { FeedbackScreen } from './feedback-screen';

vi.mock('../../lib/toast', () => ({ showToast: vi.fn() }));

const f = en_US.feedback;

/** The list never asks for a second page in these tests: its end stays out of view. */
class IdleObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

const open: Feedback = {
  id: '2',
  title: 'Deposit not showing',
  detail: 'I sent 50 USDT an hour ago.\nThe hash is 0xabc.',
  status: 'open',
  reply: null,
  replied_at: null,
  unread: false,
  created_at: '2026-11-24T08:00:00.000Z',
};
const replied: Feedback = {
  id: '1',
  title: 'Pick-up hours',
  detail: 'When does the Shenzhen point open?',
  status: 'replied',
  reply: 'From 9:00 to 18:00, Monday to Saturday.',
  replied_at: '2026-11-23T10:00:00.000Z',
  unread: true,
  created_at: '2026-11-23T09:00:00.000Z',
};
const pageOf = (...items: Feedback[]) => ({ items, next_cursor: null });

setUpApiTests({ balance: { usdt: '0', wallx: '0' }, sections: ['feedback'] });

beforeEach(() => vi.stubGlobal('IntersectionObserver', IdleObserver));

const titleField = () => screen.getByLabelText(f.title);
const detailField = () => screen.getByLabelText(f.detail);
const messageOf = (element: HTMLElement) =>
  document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent;
const send = () => fireEvent.click(screen.getByRole('button', { name: f.send }));

describe('FeedbackScreen', () => {
  it('shows my messages with their status, the reply, and marks a new reply read once', async () => {
    const api = fakeApi({ reads: { '/api/feedback': pageOf(open, replied) } });
    renderWithProviders(<FeedbackScreen />, '/feedback');
    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => card.getAttribute('data-id'))).toEqual(['2', '1']);
    expect(within(cards[0]!).getByText(f.status.open)).toBeTruthy();
    // Line breaks as the user typed them.
    expect(within(cards[0]!).getByText(/I sent 50 USDT/).textContent).toBe(open.detail);
    expect(within(cards[0]!).queryByLabelText(f.reply)).toBeNull();
    const reply = within(cards[1]!).getByLabelText(f.reply);
    expect(within(cards[1]!).getByText(f.status.replied)).toBeTruthy();
    expect(within(reply).getByText(replied.reply!)).toBeTruthy();
    expect(within(reply).getByText(f.new_reply)).toBeTruthy();
    await waitFor(() =>
      expect(api.posts).toEqual([{ path: '/api/feedback/read', idempotencyKey: null, body: undefined }]),
    );
  });

  it('marks nothing read when no reply is new', async () => {
    const api = fakeApi({ reads: { '/api/feedback': pageOf(open, { ...replied, unread: false }) } });
    renderWithProviders(<FeedbackScreen />, '/feedback');
    expect(await screen.findAllByRole('article')).toHaveLength(2);
    expect(screen.queryByText(f.new_reply)).toBeNull();
    expect(api.posts).toEqual([]);
  });

  it('says so when I have sent nothing yet', async () => {
    fakeApi({ reads: { '/api/feedback': pageOf() } });
    renderWithProviders(<FeedbackScreen />, '/feedback');
    expect(await screen.findByRole('heading', { name: f.empty })).toBeTruthy();
  });

  it('asks for a title and details before sending, and refuses one character past a limit', async () => {
    const api = fakeApi({ reads: { '/api/feedback': pageOf() } });
    renderWithProviders(<FeedbackScreen />, '/feedback');
    await screen.findByRole('heading', { name: f.empty });
    send();
    expect(messageOf(titleField())).toBe(f.title_required);
    expect(messageOf(detailField())).toBe(f.detail_required);
    fireEvent.change(titleField(), { target: { value: 'x'.repeat(FEEDBACK_LIMITS.title + 1) } });
    fireEvent.change(detailField(), { target: { value: 'Fine' } });
    send();
    expect(messageOf(titleField())).toBe(f.too_long.replace('{{max}}', String(FEEDBACK_LIMITS.title)));
    expect(messageOf(detailField())).toBeUndefined();
    expect(api.posts).toEqual([]);
  });

  it('sends the trimmed message, keeps its line breaks, says so and starts a fresh form', async () => {
    const sent: Feedback = { ...open, id: '3', title: 'Hello', detail: 'Line one\nLine two' };
    const api = fakeApi({ reads: { '/api/feedback': pageOf() }, data: { feedback: sent } });
    renderWithProviders(<FeedbackScreen />, '/feedback');
    await screen.findByRole('heading', { name: f.empty });
    fireEvent.change(titleField(), { target: { value: '  Hello ' } });
    fireEvent.change(detailField(), { target: { value: 'Line one\nLine two\n' } });
    send();
    await waitFor(() => expect(showToast).toHaveBeenCalledWith(f.sent, 'success'));
    expect(api.posts).toEqual([
      { path: '/api/feedback', idempotencyKey: null, body: { title: 'Hello', detail: 'Line one\nLine two' } },
    ]);
    expect((titleField() as HTMLInputElement).value).toBe('');
    expect((detailField() as HTMLTextAreaElement).value).toBe('');
  });

  it("puts the server's refusal on its field, and too many messages in a toast", async () => {
    const api = fakeApi({ reads: { '/api/feedback': pageOf() } });
    renderWithProviders(<FeedbackScreen />, '/feedback');
    await screen.findByRole('heading', { name: f.empty });
    api.answerNext(
      { status: 400, code: errorCatalog.invalid_params.code, message: 'detail: too long', field: 'detail' },
      { status: 429, code: errorCatalog.feedback_too_many.code, message: core.errors.feedback_too_many },
    );
    fireEvent.change(titleField(), { target: { value: 'Title' } });
    fireEvent.change(detailField(), { target: { value: 'Detail' } });
    send();
    await waitFor(() => expect(messageOf(detailField())).toBe('detail: too long'));
    send();
    await waitFor(() => expect(showToast).toHaveBeenLastCalledWith(core.errors.feedback_too_many));
    expect(messageOf(titleField())).toBeUndefined();
    expect((titleField() as HTMLInputElement).value).toBe('Title');
  });
});
