// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { en_US } from '@wallx/shared/i18n/en_US';
import { fakeApi, renderWithProviders, setUpApiTests } from '../../lib/test-api';
import { HomeScreen } from './home-screen';

// A file of its own: home keeps what it fetched for the page's life, so content must be the first it sees.
const h = en_US.home;

setUpApiTests({ balance: { usdt: '0', wallx: '0' } });

describe('HomeScreen with an operator’s scenes', () => {
  it('words a card as an operator’s scene of its icon does, and keeps the card’s own link', async () => {
    const scene = {
      id: '1',
      icon: 'checkin',
      tone: 'violet',
      title: 'en_US:::Check in with yourself',
      body: 'en_US:::Two minutes a day.',
      link: 'https://example.com/elsewhere',
    };
    fakeApi({
      reads: {
        '/api/content/home': { scenes: [scene], partners: [] },
        '/api/checkins/today': { checkin: { mood: 4 } },
      },
    });
    renderWithProviders(<HomeScreen />, '/');
    const title = await screen.findByText('Check in with yourself');
    const card = title.closest('a')!;
    expect(card.getAttribute('href')).toBe('/checkin');
    expect(card.textContent).toContain('Two minutes a day.');
    // The cards no scene words keep the app's texts.
    expect(screen.getByRole('link', { name: new RegExp(h.scenes.tracking.title) }).getAttribute('href')).toBe('/mood');
  });
});
