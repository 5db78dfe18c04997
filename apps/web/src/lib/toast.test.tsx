// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { showToast } from './toast';

/** The toast's opacity while it is in the page (null once it is gone). */
const opacityOf = (text: string): number | null => {
  const mask = [...document.querySelectorAll<HTMLElement>('.adm-toast-mask')].find((m) =>
    m.textContent?.includes(text),
  );
  return mask ? Number(mask.style.opacity || '1') : null;
};

describe('showToast', () => {
  it('keeps its text up for 2000 ms (the spec’s default), then fades it out and removes it', async () => {
    // Fetched on first use: fetched here first, so the times below are the toast's own.
    await import('./toast-impl');
    const shownAt = Date.now();
    showToast('Copied');
    let fullAt: number | null = null;
    let fadingAt: number | null = null;
    let goneAt: number | null = null;
    while (goneAt === null && Date.now() - shownAt < 8000) {
      await new Promise((r) => setTimeout(r, 10));
      const opacity = opacityOf('Copied');
      if (opacity === 1 && fullAt === null) fullAt = Date.now();
      if (opacity !== null && opacity < 1 && fullAt !== null && fadingAt === null) fadingAt = Date.now();
      if (opacity === null && fullAt !== null) goneAt = Date.now();
    }
    expect(fullAt).not.toBeNull();
    // A busy machine can only make these later: the fade never starts before the 2000 ms are up.
    expect(fadingAt! - shownAt).toBeGreaterThanOrEqual(2000);
    expect(goneAt! - shownAt).toBeLessThan(6000);
  }, 15_000);
});
