// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { en_US } from '@wallx/shared/i18n/college/en_US';
import { fakeApi, renderWithProviders, setUpApiTests } from '../../lib/test-api';
import { CollegeScreen } from './college-screen';
import { courseSummary } from './test-fixtures';

const t = en_US.college;

setUpApiTests({ balance: { usdt: '0', wallx: '0' }, sections: ['college'] });

/** The end of the list is always in view: each page, once shown, asks for the next. */
class EndInView {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    queueMicrotask(() =>
      this.callback(
        [{ isIntersecting: true, target } as IntersectionObserverEntry],
        this as unknown as IntersectionObserver,
      ),
    );
  }
  unobserve() {}
  disconnect() {}
}

beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', EndInView);
});

const card = (id: string) => document.querySelector<HTMLAnchorElement>(`[data-course="${id}"]`)!;

describe('CollegeScreen', () => {
  it('shows each course as a card: cover, title, m:ss, a badge per unmet condition, progress once started', async () => {
    fakeApi({
      reads: {
        '/api/courses': {
          items: [
            courseSummary('1', { position_seconds: 42.5 }),
            courseSummary('2', { locked_by: ['region'], duration_seconds: 605 }),
            courseSummary('3', { locked_by: ['region', 'miner'] }),
            courseSummary('4', { locked_by: ['miner'], position_seconds: 120 }),
          ],
          next_cursor: null,
        },
      },
    });
    renderWithProviders(<CollegeScreen />, '/college');
    expect(await screen.findByRole('heading', { name: 'Course 1' })).toBeTruthy();

    const open = card('1');
    expect(open.getAttribute('href')).toBe('/course?id=1');
    expect(open.querySelector('img')?.getAttribute('src')).toMatch(/^\/?college\/c1-cover\.svg\?v=\d+$/);
    expect(within(open).getByTestId('course-duration').textContent).toBe('2:00');
    expect(within(open).queryByTestId('course-locks')).toBeNull();
    expect(within(open).getByTestId('course-progress').textContent).toBe('Watched 0:42 of 2:00');
    expect(within(open).getByText('About course 1')).toBeTruthy();

    expect(within(card('2')).getByTestId('course-duration').textContent).toBe('10:05');
    expect(within(card('2')).getByTestId('course-locks').textContent).toBe(t.lock.region);
    expect(within(card('2')).queryByTestId('course-progress')).toBeNull();
    expect([...card('3').querySelectorAll('[data-lock]')].map((badge) => badge.textContent)).toEqual([
      t.lock.region,
      t.lock.miner,
    ]);
    // A locked course still opens: its screen says why.
    expect(card('3').getAttribute('href')).toBe('/course?id=3');
    expect(within(card('4')).getByTestId('course-progress').textContent).toContain(t.finished);
  });

  it('pages through the courses with the cursor each page gives', async () => {
    const api = fakeApi({
      reads: {
        '/api/courses': (url: URL) =>
          url.searchParams.get('cursor') === 'page-2'
            ? { items: [courseSummary('3')], next_cursor: null }
            : { items: [courseSummary('1'), courseSummary('2')], next_cursor: 'page-2' },
      },
    });
    renderWithProviders(<CollegeScreen />, '/college');
    expect(await screen.findByRole('heading', { name: 'Course 3' })).toBeTruthy();
    expect(api.gets().map((get) => [get.url.searchParams.get('limit'), get.url.searchParams.get('cursor')])).toEqual([
      ['20', null],
      ['20', 'page-2'],
    ]);
    expect(
      screen
        .getAllByRole('link')
        .filter((link) => link.dataset.course)
        .map((link) => link.dataset.course),
    ).toEqual(['1', '2', '3']);
  });

  it('says so when there is no course yet', async () => {
    fakeApi({ reads: { '/api/courses': { items: [], next_cursor: null } } });
    renderWithProviders(<CollegeScreen />, '/college');
    expect(await screen.findByRole('heading', { name: t.empty })).toBeTruthy();
    expect(screen.getByText(t.empty_text)).toBeTruthy();
  });

  it('shows skeletons while the first page is on its way', () => {
    fakeApi({ reads: { '/api/courses': { items: [], next_cursor: null } } });
    renderWithProviders(<CollegeScreen />, '/college');
    expect(screen.getByTestId('college-skeleton')).toBeTruthy();
  });
});
