// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CHECKIN_NOTE_MAX, type CheckinRequest } from '@wallx/shared';
import { en_US } from '@wallx/shared/i18n/wellbeing/en_US';
import { fakeApi, isIdempotencyKey, Refusal, renderWithProviders, setUpApiTests } from '../../lib/test-api';
import { showToast } from '../../lib/toast';
import { CheckinScreen } from './checkin-screen';
import { checkin, todayOf } from './test-fixtures';

vi.mock('../../lib/toast', () => ({ showToast: vi.fn() }));

const c = en_US.checkins;

setUpApiTests({ balance: { usdt: '0', wallx: '0' }, sections: ['wellbeing'] });

const saveButton = () => screen.getByRole('button', { name: c.save });

describe('CheckinScreen', () => {
  it('offers five named moods as a radio group, up to three feelings and a private note', async () => {
    fakeApi({ reads: { '/api/checkins/today': todayOf() } });
    renderWithProviders(<CheckinScreen />, '/checkin');
    const group = await screen.findByRole('radiogroup', { name: c.mood_legend });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((radio) => radio.closest('label')?.textContent)).toEqual([
      c.mood_1,
      c.mood_2,
      c.mood_3,
      c.mood_4,
      c.mood_5,
    ]);
    expect(screen.getByText(c.note_private)).toBeTruthy();
    expect(screen.getByText('Check in to earn 5 WALLX, plus 20 WALLX every 7 days in a row.')).toBeTruthy();
    for (const name of [c.feeling.calm, c.feeling.tired, c.feeling.lonely])
      fireEvent.click(screen.getByRole('checkbox', { name }));
    // A fourth feeling cannot be chosen; one of the three can be taken back.
    expect((screen.getByRole('checkbox', { name: c.feeling.sad }) as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: c.feeling.tired }));
    expect((screen.getByRole('checkbox', { name: c.feeling.sad }) as HTMLInputElement).disabled).toBe(false);
  });

  it('needs a mood; then saves it and shows the streak and the reward with its bonus', async () => {
    const api = fakeApi({
      reads: { '/api/checkins/today': todayOf() },
      writes: {
        '/api/checkins/today': (body: CheckinRequest) =>
          todayOf({
            checkin: checkin({ mood: body.mood, feelings: body.feelings ?? [], note: body.note ?? null, streak: 7 }),
            streak: 7,
            reward: { amount: '5', bonus: '20', reason: null },
          }),
      },
    });
    renderWithProviders(<CheckinScreen />, '/checkin');
    fireEvent.click(await screen.findByRole('button', { name: c.save }));
    expect((await screen.findByRole('alert')).textContent).toBe(c.mood_required);
    expect(api.posts).toEqual([]);

    fireEvent.click(screen.getByRole('radio', { name: c.mood_2 }));
    fireEvent.click(screen.getByRole('checkbox', { name: c.feeling.tired }));
    fireEvent.change(screen.getByLabelText(c.note), { target: { value: '  long day  ' } });
    fireEvent.click(saveButton());
    const result = await screen.findByTestId('checkin-result');
    expect(api.posts).toHaveLength(1);
    expect(api.posts[0]).toMatchObject({
      path: '/api/checkins/today',
      method: 'PUT',
      body: { mood: 2, feelings: ['tired'], note: 'long day' },
    });
    expect(isIdempotencyKey(api.posts[0]!.idempotencyKey)).toBe(true);
    expect(within(result).getByTestId('checkin-streak').textContent).toBe('7');
    expect(within(result).getByTestId('checkin-reward').textContent).toBe('+5 WALLX+20 WALLX streak bonus');
    expect(showToast).toHaveBeenCalledWith(c.saved, 'success');
    // Editable until the day ends: the form stays, now to save changes.
    expect(screen.getByRole('button', { name: c.update })).toBeTruthy();
    expect(screen.getByRole('link', { name: c.see_trends }).getAttribute('href')).toBe('/mood');
    expect(screen.getByRole('link', { name: c.see_board }).getAttribute('href')).toBe('/leaderboard');
  });

  it.each([
    ['budget_empty', c.no_reward.budget_empty],
    ['rewards_off', c.no_reward.rewards_off],
    ['already_rewarded', c.no_reward.already_rewarded],
  ] as const)('says why there is no reward today: %s', async (reason, text) => {
    fakeApi({
      reads: {
        '/api/checkins/today': todayOf({
          checkin: checkin(),
          streak: 3,
          reward: { amount: null, bonus: null, reason },
        }),
      },
    });
    renderWithProviders(<CheckinScreen />, '/checkin');
    const result = await screen.findByTestId('checkin-result');
    expect(within(result).getByText(text)).toBeTruthy();
    expect(within(result).getByTestId('checkin-reward').textContent).toBe('–');
  });

  it('tells an account that is not eligible how to become so (a working miner)', async () => {
    fakeApi({
      reads: {
        '/api/checkins/today': todayOf({
          checkin: checkin(),
          reward: { amount: null, bonus: null, reason: 'not_eligible' },
          rewards: { checkin: '5', streak_bonus: '20', streak_every: 7, eligible: false },
        }),
      },
    });
    renderWithProviders(<CheckinScreen />, '/checkin');
    const result = await screen.findByTestId('checkin-result');
    expect(result.textContent).toContain(c.no_reward.not_eligible);
    expect(within(result).getByRole('link', { name: c.get_miner }).getAttribute('href')).toBe('/mines');
  });

  it('opens an existing check-in for editing with its mood, feelings and note', async () => {
    const api = fakeApi({
      reads: {
        '/api/checkins/today': todayOf({ checkin: checkin(), reward: { amount: '5', bonus: null, reason: null } }),
      },
      writes: { '/api/checkins/today': todayOf({ checkin: checkin({ mood: 5 }) }) },
    });
    renderWithProviders(<CheckinScreen />, '/checkin');
    expect(((await screen.findByRole('radio', { name: c.mood_4 })) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: c.feeling.calm }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText(c.note) as HTMLTextAreaElement).value).toBe('A walk by the river.');
    fireEvent.click(screen.getByRole('radio', { name: c.mood_5 }));
    fireEvent.change(screen.getByLabelText(c.note), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: c.update }));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith(c.updated, 'success'));
    // An emptied note is no note.
    expect(api.posts[0]!.body).toEqual({ mood: 5, feelings: ['calm', 'grateful'], note: null });
  });

  it('refuses a note over the limit before asking the server, and shows a refusal of the server', async () => {
    const api = fakeApi({
      reads: { '/api/checkins/today': todayOf() },
      writes: { '/api/checkins/today': new Refusal(400, 1001, 'note: at most 500 characters') },
    });
    renderWithProviders(<CheckinScreen />, '/checkin');
    fireEvent.click(await screen.findByRole('radio', { name: c.mood_3 }));
    fireEvent.change(screen.getByLabelText(c.note), { target: { value: 'x'.repeat(CHECKIN_NOTE_MAX + 1) } });
    fireEvent.click(saveButton());
    expect(screen.getByText(`At most ${CHECKIN_NOTE_MAX} characters`)).toBeTruthy();
    expect(api.posts).toEqual([]);
    fireEvent.change(screen.getByLabelText(c.note), { target: { value: 'fine' } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('note: at most 500 characters'));
    expect(screen.queryByTestId('checkin-result')).toBeNull();
  });

  it('gently offers the crisis line of the browser’s country after low days — no diagnosis', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('zh-CN');
    const api = fakeApi({
      reads: {
        '/api/checkins/today': todayOf({ checkin: checkin({ mood: 1 }), support: true }),
        '/api/support-lines': { country: 'CN', name: 'Beijing Crisis Line', phone: '010-8295 1332', url: null },
      },
    });
    renderWithProviders(<CheckinScreen />, '/checkin');
    const card = await screen.findByTestId('support-card');
    expect(within(card).getByText(c.support_title)).toBeTruthy();
    const call = await within(card).findByRole('link', { name: 'Call 010-8295 1332' });
    expect(call.getAttribute('href')).toBe('tel:01082951332');
    const asked = api.gets().find((get) => get.url.pathname === '/api/support-lines');
    expect(asked?.url.searchParams.get('country')).toBe('CN');
  });

  it('shows no support card on an ordinary day', async () => {
    fakeApi({ reads: { '/api/checkins/today': todayOf({ checkin: checkin() }) } });
    renderWithProviders(<CheckinScreen />, '/checkin');
    await screen.findByTestId('checkin-result');
    expect(screen.queryByTestId('support-card')).toBeNull();
  });
});
