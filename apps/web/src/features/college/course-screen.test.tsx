// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { errorCatalog } from '@wallx/shared';
import { en_US as core } from '@wallx/shared/i18n/errors/en_US';
import { en_US } from '@wallx/shared/i18n/college/en_US';
import { fakeApi, Refusal, renderWithProviders, setUpApiTests } from '../../lib/test-api';
import { CourseScreen } from './course-screen';
import { course } from './test-fixtures';

const t = en_US.college;
const UNAVAILABLE = errorCatalog.course_unavailable.code;

setUpApiTests({ balance: { usdt: '0', wallx: '0' }, sections: ['college'] });

const locked = (locked_by: string[]) => new Refusal(403, UNAVAILABLE, core.errors.course_unavailable, { locked_by });

async function openCourse(reads: Record<string, unknown>, url = '/course?id=7') {
  const api = fakeApi({ reads, data: { position_seconds: 0 } });
  const view = renderWithProviders(<CourseScreen />, url);
  return { api, view };
}

/** The video as a browser would have it: where it is, and whether it plays. */
function videoAt(video: HTMLVideoElement, currentTime: number, isPaused: boolean) {
  video.currentTime = currentTime;
  Object.defineProperty(video, 'paused', { configurable: true, get: () => isPaused });
}

const saved = (api: Awaited<ReturnType<typeof openCourse>>['api']) =>
  api.posts
    .filter((post) => post.method === 'PUT' && post.path === '/api/courses/7/progress')
    .map((post) => (post.body as { position_seconds: number }).position_seconds);

describe('CourseScreen', () => {
  it('shows the video with its poster, the title, the length and the body, rendered without HTML', async () => {
    await openCourse({ '/api/courses/7': course('7') });
    const video = await screen.findByTestId<HTMLVideoElement>('course-video');
    expect(video.getAttribute('src')).toMatch(/college\/c7\.webm\?v=\d+$/);
    expect(video.getAttribute('poster')).toMatch(/college\/c7-poster\.svg\?v=\d+$/);
    expect(video.hasAttribute('controls')).toBe(true);
    expect(video.hasAttribute('playsinline')).toBe(true);
    expect(video.getAttribute('preload')).toBe('metadata');
    expect(screen.getByRole('heading', { name: 'Course 7' })).toBeTruthy();
    expect(screen.getByTestId('course-duration').textContent).toBe('Duration 2:00');
    expect(screen.queryByTestId('course-resume')).toBeNull();
    const text = screen.getByRole('region', { name: t.about });
    expect(within(text).getByRole('heading', { name: 'What you learn' })).toBeTruthy();
    expect(within(text).getByText('Connect wallet').tagName).toBe('STRONG');
    expect(text.querySelector('img')).toBeNull();
    expect(text.textContent).toContain('<img src=x onerror=alert(1)>');
  });

  it('starts where I stopped once the video’s metadata is in, not before', async () => {
    const { api } = await openCourse({ '/api/courses/7': course('7', { position_seconds: 42.5 }) });
    const video = await screen.findByTestId<HTMLVideoElement>('course-video');
    expect(screen.getByTestId('course-resume').textContent).toBe(fill(t.resumes_at, '0:42'));
    expect(video.currentTime).toBe(0);
    fireEvent(video, new Event('loadedmetadata'));
    expect(video.currentTime).toBe(42.5);
    expect(saved(api)).toEqual([]);
  });

  it('a course watched through starts again from the beginning', async () => {
    await openCourse({ '/api/courses/7': course('7', { position_seconds: 120 }) });
    const video = await screen.findByTestId<HTMLVideoElement>('course-video');
    fireEvent(video, new Event('loadedmetadata'));
    expect(video.currentTime).toBe(0);
    expect(screen.queryByTestId('course-resume')).toBeNull();
  });

  it('saves every ten seconds while playing and no more, at once on pause and at the end, and on leaving', async () => {
    const { api, view } = await openCourse({ '/api/courses/7': course('7', { position_seconds: 30 }) });
    const video = await screen.findByTestId<HTMLVideoElement>('course-video');
    vi.useFakeTimers({ toFake: ['Date'] });
    fireEvent(video, new Event('loadedmetadata'));
    videoAt(video, 30, false);
    fireEvent.play(video);
    // 25 seconds of playing, four timeupdates a second.
    for (let tick = 1; tick <= 100; tick++) {
      vi.setSystemTime(Date.now() + 250);
      videoAt(video, 30 + tick * 0.25, false);
      fireEvent.timeUpdate(video);
      await act(() => Promise.resolve());
    }
    await waitFor(() => expect(saved(api)).toEqual([40, 50]));

    videoAt(video, 56, true);
    fireEvent.pause(video);
    await waitFor(() => expect(saved(api)).toEqual([40, 50, 56]));
    // A pause and an end at the same place are one save.
    videoAt(video, 120, true);
    fireEvent.pause(video);
    fireEvent.ended(video);
    await waitFor(() => expect(saved(api)).toEqual([40, 50, 56, 120]));

    videoAt(video, 3, true);
    view.unmount();
    await waitFor(() => expect(saved(api)).toEqual([40, 50, 56, 120, 3]));
  });

  it('leaving before the video could start saves nothing: the remembered place is kept', async () => {
    const { api, view } = await openCourse({ '/api/courses/7': course('7', { position_seconds: 30 }) });
    await screen.findByTestId('course-video');
    view.unmount();
    await act(() => Promise.resolve());
    expect(saved(api)).toEqual([]);
  });

  it('the page going to the background saves where the video is', async () => {
    const { api } = await openCourse({ '/api/courses/7': course('7') });
    const video = await screen.findByTestId<HTMLVideoElement>('course-video');
    fireEvent(video, new Event('loadedmetadata'));
    videoAt(video, 12, false);
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    fireEvent(document, new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
    await waitFor(() => expect(saved(api)).toEqual([12]));
  });

  it('a course closed by region says so, why, and links to the addresses', async () => {
    await openCourse({ '/api/courses/7': locked(['region']) });
    const refusal = await screen.findByTestId('course-locked');
    expect(within(refusal).getByRole('heading', { level: 2 }).textContent).toBe(core.errors.course_unavailable);
    expect(within(refusal).getByText(t.lock.region)).toBeTruthy();
    expect(within(refusal).getByText(t.why.region)).toBeTruthy();
    expect(within(refusal).getByRole('link', { name: t.fix.region }).getAttribute('href')).toBe('/address');
    expect(within(refusal).queryByText(t.lock.miner)).toBeNull();
    expect(within(refusal).getByRole('link', { name: t.to_college }).getAttribute('href')).toBe('/college');
    expect(screen.queryByTestId('course-video')).toBeNull();
  });

  it('a course for miner holders in another region names both conditions, each with its way out', async () => {
    await openCourse({ '/api/courses/7': locked(['region', 'miner']) });
    const refusal = await screen.findByTestId('course-locked');
    expect([...refusal.querySelectorAll('[data-lock]')].map((item) => item.getAttribute('data-lock'))).toEqual([
      'region',
      'miner',
    ]);
    expect(within(refusal).getByText(t.why.miner)).toBeTruthy();
    expect(within(refusal).getByRole('link', { name: t.fix.miner }).getAttribute('href')).toBe('/mines');
  });

  it('an unknown course, an id the server cannot read and a link without one are not found', async () => {
    const notFound = new Refusal(404, errorCatalog.course_not_found.code, core.errors.course_not_found);
    const { view } = await openCourse({ '/api/courses/7': notFound });
    expect(
      within(await screen.findByTestId('course-not-found')).getByRole('heading', {
        name: core.errors.course_not_found,
      }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: t.to_college }).getAttribute('href')).toBe('/college');
    view.unmount();

    const api = fakeApi({
      reads: {
        '/api/courses/abc': new Refusal(400, errorCatalog.invalid_params.code, 'Invalid request parameters', {
          field: 'id',
        }),
      },
    });
    const second = renderWithProviders(<CourseScreen />, '/course?id=abc');
    expect(await screen.findByTestId('course-not-found')).toBeTruthy();
    second.unmount();

    renderWithProviders(<CourseScreen />, '/course');
    expect(screen.getByTestId('course-not-found')).toBeTruthy();
    expect(api.gets().map((get) => get.url.pathname)).toEqual(['/api/courses/abc']);
  });
});

function fill(text: string, time: string) {
  return text.replace('{{time}}', time);
}
