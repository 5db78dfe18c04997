import type { Locator, Page } from '@playwright/test';
import { expect, test } from './test';
import { langText } from '@wallx/shared';
import { en_US, fill, zh_CN } from './catalog';
import { authOf, login } from './helpers';
import { shoot, toastGone } from './screenshot';
import { installWallet } from './wallet';

// The demo courses (apps/server/src/app/seeds/demo-content.ts) and their media in
// apps/web/public/college: one open to all, one for mainland China, one for miner holders, one for
// miner holders in Tokyo or Seoul. A new user has no address and no miner.
const WELCOME = 'Welcome to WALLX';
const CHINA = 'Delivery and pick-up in mainland China';
const HOLDERS = 'Your miner, day by day';
const TOKYO_SEOUL = 'Holder lounge: mindful breathing';

const TOKYO = {
  country: 'JP',
  province: 'JP-13',
  recipient: 'Sato Hanako',
  phone: '090-1234-5678',
  postcode: '100-0001',
  detail: 'Chiyoda 1-1, Chiyoda-ku',
};
const SHENZHEN = {
  country: 'CN',
  province: 'CN-GD',
  recipient: 'Li Lei',
  phone: '138 0013 8000',
  postcode: '518000',
  detail: 'No. 1 Shennan Road, Futian, Shenzhen',
};

type Summary = { id: string; title: string; locked_by: string[]; position_seconds: number };

async function courses(page: Page): Promise<Summary[]> {
  const body = (await (await page.request.get('/api/courses', { headers: await authOf(page) })).json()) as {
    data: { items: Summary[] };
  };
  return body.data.items;
}

/** A demo course's id, by its English title. */
async function courseId(page: Page, title: string): Promise<string> {
  const found = (await courses(page)).find((course) => langText(course.title, 'en_US') === title);
  expect(found, title).toBeDefined();
  return found!.id;
}

async function addAddress(page: Page, address: object): Promise<string> {
  const response = await page.request.post('/api/addresses', { headers: await authOf(page), data: address });
  const body = (await response.json()) as { code: number; data: { address: { id: string } } };
  expect(body).toMatchObject({ code: 0 });
  return body.data.address.id;
}

const card = (page: Page, title: string) =>
  page.locator('.course-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

/** The video's state as the browser has it. */
function videoState(video: Locator) {
  return video.evaluate((element: HTMLVideoElement) => ({
    readyState: element.readyState,
    currentTime: element.currentTime,
    paused: element.paused,
    duration: element.duration,
  }));
}

/** Plays the video (muted: a page may always start muted media) until it has played past `seconds`. */
async function playPast(video: Locator, seconds: number): Promise<void> {
  await video.evaluate((element: HTMLVideoElement) => {
    element.muted = true;
    return element.play();
  });
  await expect.poll(async () => (await videoState(video)).currentTime, { timeout: 20_000 }).toBeGreaterThan(seconds);
}

test.describe('college', () => {
  test('a user watches a course, leaves, and comes back to where it stopped; locked courses say why until the condition is met', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const wallet = await installWallet(page);
    await login(page, wallet);
    const c = en_US.college;

    // /college: the four demo courses, each lock named on its card.
    await page.goto('/college');
    await expect(page.locator('.course-card')).toHaveCount(4);
    await expect(card(page, WELCOME).getByTestId('course-duration')).toHaveText('0:08');
    await expect(card(page, WELCOME).getByTestId('course-locks')).toHaveCount(0);
    await expect(card(page, WELCOME).getByTestId('course-progress')).toHaveCount(0);
    await expect(card(page, CHINA).getByTestId('course-locks')).toHaveText(c.lock.region);
    await expect(card(page, HOLDERS).getByTestId('course-locks')).toHaveText(c.lock.miner);
    await expect(card(page, TOKYO_SEOUL).locator('[data-lock]')).toHaveText([c.lock.region, c.lock.miner]);
    // Every cover is a picture that loaded.
    for (const image of await page.locator('.course-card img').all()) {
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
    }

    // The open course: the real video plays.
    const welcomeId = await courseId(page, WELCOME);
    await card(page, WELCOME).click();
    await expect(page).toHaveURL(`/course?id=${welcomeId}`);
    await expect(page.getByRole('heading', { name: WELCOME })).toBeVisible();
    await expect(page.getByTestId('course-duration')).toHaveText(fill(c.duration, { time: '0:08' }));
    await expect(
      page.getByRole('region', { name: c.about }).getByRole('heading', { name: 'Signing in without a password' }),
    ).toBeVisible();
    const video = page.getByTestId('course-video');
    await expect.poll(async () => (await videoState(video)).readyState).toBeGreaterThanOrEqual(1);
    expect((await videoState(video)).duration).toBeCloseTo(8, 0);
    await playPast(video, 3);
    expect((await videoState(video)).readyState).toBeGreaterThanOrEqual(2);

    // Leaving while it plays saves where it was, through the server.
    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith(`/api/courses/${welcomeId}/progress`) && response.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: en_US.common.back }).click();
    await expect(page).toHaveURL('/college');
    const kept = ((await (await saved).json()) as { data: { position_seconds: number } }).data.position_seconds;
    expect(kept).toBeGreaterThan(3);
    expect(kept).toBeLessThan(8);
    expect((await courses(page)).find((course) => course.id === welcomeId)?.position_seconds).toBe(kept);
    await expect(card(page, WELCOME).getByTestId('course-progress')).toContainText(
      fill(c.watched, { time: `0:0${Math.floor(kept)}`, duration: '0:08' }),
    );

    // Back again, and after a reload (nothing cached): it starts where it stopped.
    await card(page, WELCOME).click();
    await expect(page.getByTestId('course-resume')).toHaveText(fill(c.resumes_at, { time: `0:0${Math.floor(kept)}` }));
    await expect.poll(async () => (await videoState(video)).currentTime).toBeCloseTo(kept, 1);
    await page.reload();
    await expect.poll(async () => (await videoState(video)).readyState).toBeGreaterThanOrEqual(1);
    await expect.poll(async () => (await videoState(video)).currentTime).toBeCloseTo(kept, 1);
    // It plays on from there, and a pause is saved at once.
    await playPast(video, kept + 1);
    const paused = page.waitForResponse(
      (response) =>
        response.url().endsWith(`/api/courses/${welcomeId}/progress`) && response.request().method() === 'PUT',
    );
    const pausedAt = await video.evaluate((element: HTMLVideoElement) => {
      element.pause();
      return element.currentTime;
    });
    expect(((await (await paused).json()) as { data: { position_seconds: number } }).data.position_seconds).toBeCloseTo(
      pausedAt,
      2,
    );

    // A course for mainland China, with no address at all: the region is what is missing.
    await page.goto('/college');
    await card(page, CHINA).click();
    const locked = page.getByTestId('course-locked');
    await expect(locked.getByRole('heading', { level: 2 })).toHaveText(en_US.errors.course_unavailable);
    await expect(locked.getByText(CHINA)).toBeVisible();
    await expect(locked.locator('[data-lock]')).toHaveCount(1);
    await expect(locked.getByText(c.why.region)).toBeVisible();
    await expect(locked.getByRole('link', { name: c.fix.region })).toHaveAttribute('href', '/address');
    await expect(page.getByTestId('course-video')).toHaveCount(0);

    // The miner holders' course: a miner is what is missing, and /mines is where to get one.
    await page.goto(`/course?id=${await courseId(page, HOLDERS)}`);
    await expect(locked.locator('[data-lock]')).toHaveCount(1);
    await expect(locked.getByText(c.why.miner)).toBeVisible();
    await locked.getByRole('link', { name: c.fix.miner }).click();
    await expect(page).toHaveURL('/mines');

    // A default address in Tokyo meets the region of the Tokyo and Seoul course: only the miner is missing now.
    await addAddress(page, TOKYO);
    await page.goto(`/course?id=${await courseId(page, TOKYO_SEOUL)}`);
    await expect(locked.locator('[data-lock]')).toHaveText([new RegExp(c.lock.miner)]);
    // Made default, an address in Guangdong opens the course for mainland China.
    const shenzhen = await addAddress(page, SHENZHEN);
    expect(
      (await (await page.request.post(`/api/addresses/${shenzhen}/default`, { headers: await authOf(page) })).json())
        .code,
    ).toBe(0);
    await page.goto('/college');
    await expect(card(page, CHINA).getByTestId('course-locks')).toHaveCount(0);
    await expect(card(page, TOKYO_SEOUL).locator('[data-lock]')).toHaveText([c.lock.region, c.lock.miner]);
    await card(page, CHINA).click();
    await expect
      .poll(async () => (await videoState(page.getByTestId('course-video'))).readyState)
      .toBeGreaterThanOrEqual(1);

    // An id that is no course.
    await page.goto('/course?id=999999');
    await expect(
      page.getByTestId('course-not-found').getByRole('heading', { name: en_US.errors.course_not_found }),
    ).toBeVisible();
  });
});

const catalogs = { en_US, zh_CN } as const;

for (const language of ['en_US', 'zh_CN'] as const) {
  test(`screenshots of /college and /course in ${language}`, async ({ page }) => {
    test.setTimeout(90_000);
    const wallet = await installWallet(page);
    await login(page, wallet);
    await addAddress(page, TOKYO);
    const welcomeId = await courseId(page, WELCOME);
    const saved = await page.request.put(`/api/courses/${welcomeId}/progress`, {
      headers: await authOf(page),
      data: { position_seconds: 3.2 },
    });
    expect(await saved.json()).toMatchObject({ code: 0 });
    await page.evaluate((lang) => localStorage.setItem('wallx_lang', lang), language);
    const tr = catalogs[language];

    await page.goto('/college');
    await expect(page.locator('.course-card')).toHaveCount(4);
    for (const image of await page.locator('.course-card img').all()) {
      await image.scrollIntoViewIfNeeded();
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await toastGone(page);
    await shoot(page, `${language}-college`);
    await shoot(page, `${language}-college-full`, true);

    await page.goto(`/course?id=${welcomeId}`);
    const video = page.getByTestId('course-video');
    // The frame where it resumes, decoded: no spinner of a seek under way.
    await expect
      .poll(() =>
        video.evaluate(
          (element: HTMLVideoElement) => element.readyState >= 2 && !element.seeking && element.currentTime > 3,
        ),
      )
      .toBe(true);
    await expect(page.getByTestId('course-resume')).toHaveText(fill(tr.college.resumes_at, { time: '0:03' }));
    await shoot(page, `${language}-course`);
    await shoot(page, `${language}-course-full`, true);

    await page.goto(`/course?id=${await courseId(page, HOLDERS)}`);
    await expect(page.getByTestId('course-locked').getByText(tr.college.why.miner)).toBeVisible();
    await shoot(page, `${language}-course-locked-miner`);
    await page.goto(`/course?id=${await courseId(page, CHINA)}`);
    await expect(page.getByTestId('course-locked').getByText(tr.college.why.region)).toBeVisible();
    await shoot(page, `${language}-course-locked-region`);
  });
}

test('in Korean, Japanese and Indonesian the college screens fit the phone too', async ({ page }) => {
  test.setTimeout(90_000);
  const wallet = await installWallet(page);
  await login(page, wallet);
  const lockedId = await courseId(page, TOKYO_SEOUL);
  await page.request.put(`/api/courses/${await courseId(page, WELCOME)}/progress`, {
    headers: await authOf(page),
    data: { position_seconds: 5 },
  });
  for (const language of ['ko_KR', 'ja_JP', 'id_ID'] as const) {
    await page.evaluate((lang) => localStorage.setItem('wallx_lang', lang), language);
    await page.goto('/college');
    await expect(page.locator('.course-card')).toHaveCount(4);
    await expect(page.getByTestId('course-progress')).toHaveCount(1);
    await toastGone(page);
    await shoot(page, `${language}-college-full`, true);
    await page.goto(`/course?id=${lockedId}`);
    await expect(page.getByTestId('course-locked').locator('[data-lock]')).toHaveCount(2);
    await shoot(page, `${language}-course-locked`, true);
  }
});
