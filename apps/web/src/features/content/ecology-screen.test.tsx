// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { EcologyItem } from '@wallx/shared';
import { en_US } from '@wallx/shared/i18n/content/en_US';
import { en_US as core } from '@wallx/shared/i18n/en_US';
import { fakeApi, renderWithProviders, setUpApiTests } from '../../lib/test-api';
import { EcologyScreen } from './ecology-screen';

vi.mock('../../lib/toast', () => ({ showToast: vi.fn() }));

const t = en_US.content;
const item = (id: string, icon: string, link: string, title: string, body = `About ${title}.`): EcologyItem => ({
  id,
  icon,
  link,
  title: `en_US:::${title}\nzh_CN:::${title}（中文）`,
  body: `en_US:::${body}\nzh_CN:::${body}`,
});

setUpApiTests({ balance: { usdt: '0', wallx: '0' }, sections: ['content'] });

describe('EcologyScreen', () => {
  it('draws each item as a card; one with an in-app link is that link, one without is not a link', async () => {
    fakeApi({
      reads: {
        '/api/ecology': {
          items: [
            item('1', 'therapy', '', 'Well-being at the core'),
            item('2', 'miner', '/mines', 'Mining machines', 'Buy a miner and see [its market](/mtrade).'),
            item('3', 'no-such-icon', 'javascript:alert(1)', 'Something new'),
          ],
        },
      },
    });
    renderWithProviders(<EcologyScreen />, '/ecology');
    expect(screen.getByTestId('ecology-skeleton')).toBeTruthy();
    const miners = await screen.findByRole('link', { name: /Mining machines/ });
    expect(miners.getAttribute('href')).toBe('/mines');
    // Inside the card's link, the body's own link is only text: no link within a link.
    expect(miners.querySelectorAll('a')).toHaveLength(0);
    expect(miners.textContent).toContain('Buy a miner and see its market.');
    expect(miners.textContent).toContain(t.open);

    // The app's own well-being cards come first, each a link to its screen; of the operators' items only one links.
    const links = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(links).toEqual(['/checkin', '/mood', '/leaderboard', '/mines']);
    const core = screen.getByRole('heading', { name: 'Well-being at the core' }).closest('.ecology-card')!;
    expect(core.textContent).toContain('About Well-being at the core.');
    expect(core.textContent).not.toContain(t.open);
    // An icon the app does not know still gets a picture; a link it will not follow makes no link.
    const unknown = screen.getByRole('heading', { name: 'Something new' }).closest('.ecology-card')!;
    expect(unknown.querySelector('.ecology-card__icon svg')).not.toBeNull();
    expect(unknown.tagName).toBe('DIV');
  });

  it('shows the well-being screens even when the operators wrote no items (no demo content)', async () => {
    fakeApi({ reads: { '/api/ecology': { items: [] } } });
    renderWithProviders(<EcologyScreen />, '/ecology');
    await waitFor(() => expect(screen.queryByTestId('ecology-skeleton')).toBeNull());
    const checkin = screen.getByRole('link', { name: new RegExp(core.home.scenes.checkin.title) });
    expect(checkin.getAttribute('href')).toBe('/checkin');
    expect(screen.getByRole('link', { name: new RegExp(core.home.scenes.tracking.title) }).getAttribute('href')).toBe(
      '/mood',
    );
    expect(
      screen.getByRole('link', { name: new RegExp(core.home.scenes.leaderboard.title) }).getAttribute('href'),
    ).toBe('/leaderboard');
    expect(screen.queryByRole('heading', { name: t.ecology_empty })).toBeNull();
  });
});
