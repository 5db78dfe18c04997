import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { en_US, id_ID, ja_JP, ko_KR, zh_CN } from './catalog';

// Pictures of the screens for people to look at (apps/web/screenshots/, not committed), each
// checked for what a picture cannot show: nothing wider than the phone.

/** The catalogs by language, for the screenshot specs that take a screen in several languages. */
export const catalogsByLanguage = { en_US, zh_CN, ko_KR, ja_JP, id_ID } as const;

const outDir = fileURLToPath(new URL('../screenshots/', import.meta.url));

/**
 * Waits for the page to be still, not for a time: fonts loaded, and every animation that ends
 * (entrances, sheets sliding in) ended. Endless ones (skeleton shimmer, spinners) are left running.
 */
async function settled(page: Page) {
  await page.evaluate(async () => {
    await document.fonts.ready;
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/**
 * What sticks out past the right edge of the 375-px screen: visible elements reaching beyond it,
 * unless an ancestor clips or scrolls them sideways (a carousel, a decoration inside its card).
 */
function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const clipped = (element: Element): boolean => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') return true;
      }
      return false;
    };
    return [...document.body.querySelectorAll('*')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && box.right > width + 1 && !clipped(element);
      })
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} right=${Math.round(element.getBoundingClientRect().right)}`,
      )
      .slice(0, 5);
  });
}

/** A picture of the screen as it settled, which must not spill past the screen's width (apps/web/screenshots unless `dir` says). */
export async function shoot(page: Page, name: string, fullPage = false, dir = outDir) {
  await settled(page);
  expect(await overflowing(page), `${name}: nothing may stick out past ${page.viewportSize()?.width} px`).toEqual([]);
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage });
}

/** A toast (the login's, a refusal's) stays 2 s and fades; pictures are taken without it. */
export async function toastGone(page: Page) {
  await expect(page.locator('.adm-toast-mask')).toHaveCount(0, { timeout: 10_000 });
}
