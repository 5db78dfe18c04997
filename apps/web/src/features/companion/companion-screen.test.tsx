// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CompanionStatus } from '@wallx/shared';
import { en_US } from '@wallx/shared/i18n/companion/en_US';
import { fakeApi, renderWithProviders, setUpApiTests } from '../../lib/test-api';
import { CompanionScreen } from './companion-screen';

const t = en_US.companion;

setUpApiTests({ balance: { usdt: '0', wallx: '0' }, sections: ['wellbeing'] });

const status = (overrides: Partial<CompanionStatus>): CompanionStatus => ({
  available: true,
  notice: 'This is an AI companion, not a therapist or a doctor.',
  notice_seen: true,
  allowance: { daily: 50, used: 0, left: 50 },
  retention_days: 30,
  crisis_country: null,
  crisis_countries: [],
  ...overrides,
});

// The browser tests (e2e/companion.spec.ts) run against a server with a stand-in model; a server
// without one is this test's: the screen says the companion is not here and offers nothing else.
describe('CompanionScreen', () => {
  it('says the companion is not available here without a model: no notice, no input, no canned text', async () => {
    const api = fakeApi({ reads: { '/api/companion': status({ available: false, notice_seen: false }) } });
    renderWithProviders(<CompanionScreen />, '/companion');
    const unavailable = await screen.findByTestId('companion-unavailable');
    expect(unavailable.textContent).toContain(t.unavailable_title);
    expect(unavailable.textContent).toContain(t.unavailable_text);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByTestId('companion-notice')).toBeNull();
    expect(screen.queryByTestId('companion-messages')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Nothing of conversations is asked for.
    expect(api.gets().map((get) => get.url.pathname)).toEqual(['/api/companion']);
  });

  it('shows the notice before the first message and tells the server once it was acknowledged', async () => {
    let seen = false;
    const api = fakeApi({
      reads: {
        '/api/companion': () => status({ notice_seen: seen }),
        '/api/companion/conversations': { items: [], next_cursor: null },
      },
      writes: {
        '/api/companion/notice': () => {
          seen = true;
          return { notice_seen: true };
        },
      },
    });
    renderWithProviders(<CompanionScreen />, '/companion');
    const notice = await screen.findByTestId('companion-notice');
    expect(notice.textContent).toContain('not a therapist');
    expect(screen.queryByRole('textbox')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: t.notice_ok }));
    await screen.findByRole('textbox', { name: t.placeholder });
    expect(api.posts.map((post) => post.path)).toEqual(['/api/companion/notice']);
    await waitFor(() => expect(screen.getByText(t.empty)).toBeTruthy());
  });

  it('says when today’s allowance is spent, with the number from the server', async () => {
    fakeApi({
      reads: {
        '/api/companion': status({ allowance: { daily: 20, used: 20, left: 0 } }),
        '/api/companion/conversations': { items: [], next_cursor: null },
      },
    });
    renderWithProviders(<CompanionScreen />, '/companion');
    const allowance = await screen.findByTestId('companion-allowance');
    expect(allowance.textContent).toBe(t.allowance_spent.replace('{{daily}}', '20'));
  });
});
