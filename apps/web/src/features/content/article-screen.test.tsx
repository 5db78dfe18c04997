// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorCatalog, type Article } from '@wallx/shared';
import { en_US as core } from '@wallx/shared/i18n/en_US';
import { en_US } from '@wallx/shared/i18n/content/en_US';
import { session } from '../../lib/session-store';
import { fakeApi, Refusal, renderWithProviders, setUpApiTests } from '../../lib/test-api';
import { ArticleScreen, withoutRepeatedTitle } from './article-screen';

vi.mock('../../lib/toast', () => ({ showToast: vi.fn() }));

const t = en_US.content;
const privacy: Article = {
  key: 'privacy',
  title: 'en_US:::Privacy Policy\nzh_CN:::隐私政策',
  body: 'en_US:::# Privacy Policy\n\nWe keep **little**.\n\n## What we store\n\n- your address\nzh_CN:::# 隐私政策\n\n我们只保存很少的信息。',
  updated_at: '2026-11-20T08:00:00.000Z',
};
const list = {
  items: [
    { key: 'agreement', title: 'en_US:::User Agreement\nzh_CN:::用户协议', updated_at: '2026-11-19T08:00:00.000Z' },
    { key: 'privacy', title: privacy.title, updated_at: privacy.updated_at },
  ],
};

setUpApiTests({ balance: { usdt: '0', wallx: '0' }, sections: ['content'] });

// Guests read articles: the screen is tested without a session.
beforeEach(() => session.logout());

describe('ArticleScreen', () => {
  it('lists the articles, each linking to its page, and asks without a token', async () => {
    const api = fakeApi({ reads: { '/api/articles': list } });
    renderWithProviders(<ArticleScreen />, '/article');
    expect(screen.getByTestId('articles-skeleton')).toBeTruthy();
    const agreement = await screen.findByRole('link', { name: /User Agreement/ });
    expect(agreement.getAttribute('href')).toBe('/article?key=agreement');
    expect(screen.getByRole('link', { name: /Privacy Policy/ }).getAttribute('href')).toBe('/article?key=privacy');
    expect(agreement.textContent).toContain('Updated 2026-11-19');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(core.user.articles);
    expect(api.gets().map((get) => [get.url.pathname, get.headers.get('Authorization')])).toEqual([
      ['/api/articles', null],
    ]);
  });

  it('shows an article in the reader’s language: its title on top, the date, the body drawn from Markdown', async () => {
    fakeApi({ reads: { '/api/articles/privacy': privacy } });
    renderWithProviders(<ArticleScreen />, '/article?key=privacy');
    expect(screen.getByTestId('article-skeleton')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 3, name: 'What we store' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Privacy Policy');
    // The body's "# Privacy Policy" only repeated the title above it.
    expect(screen.queryByRole('heading', { level: 2 })).toBeNull();
    expect(screen.getByText('little').tagName).toBe('STRONG');
    expect(screen.getByText('Updated 2026-11-20')).toBeTruthy();
  });

  it('says an unknown article is not there, with a way to the list, instead of a blank screen', async () => {
    fakeApi({
      reads: { '/api/articles/nope': new Refusal(404, errorCatalog.article_not_found.code, 'Article not found') },
    });
    renderWithProviders(<ArticleScreen />, '/article?key=nope');
    expect(await screen.findByRole('heading', { name: t.not_found, level: 2 })).toBeTruthy();
    expect(screen.getByText(t.not_found_text)).toBeTruthy();
    expect(screen.getByRole('link', { name: t.all_articles }).getAttribute('href')).toBe('/article');
  });

  it('offers a retry when the article could not be loaded, and shows it once it comes', async () => {
    let fail = true;
    fakeApi({
      reads: {
        '/api/articles/privacy': () =>
          fail ? new Refusal(500, errorCatalog.internal.code, 'Internal error') : privacy,
      },
    });
    renderWithProviders(<ArticleScreen />, '/article?key=privacy');
    expect(await screen.findByText(t.article_failed)).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: core.common.retry }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 3, name: 'What we store' })).toBeTruthy());
  });
});

describe('withoutRepeatedTitle', () => {
  it('drops an opening heading equal to the title, and keeps any other', () => {
    expect(withoutRepeatedTitle('\n# Privacy Policy\n\nText', 'Privacy Policy')).toBe('\nText');
    expect(withoutRepeatedTitle('# WALLX User Agreement\n\nText', 'User Agreement')).toBe(
      '# WALLX User Agreement\n\nText',
    );
    expect(withoutRepeatedTitle('Intro\n# Privacy Policy', 'Privacy Policy')).toBe('Intro\n# Privacy Policy');
  });
});
