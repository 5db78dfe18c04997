import fs from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { expect, test } from 'vitest';
import { HomeIcon, MinesIcon, TradeIcon, UserIcon } from '../components/icons';

const page = fs.readFileSync(new URL('../../index.html', import.meta.url), 'utf8');

/** An icon's drawing: what is inside its <svg>, as React writes it and as the page does. */
const drawing = (svg: string) => /<svg[^>]*>(.*?)<\/svg>/.exec(svg)?.[1]?.replace(/><\/(path|circle)>/g, '/>');

test('the shell in the page draws the tab bar’s own icons, in its order (components/tab-bar.tsx)', () => {
  const inPage = [...page.matchAll(/<span data-tab="([^"]+)">(<svg.*?<\/svg>)<\/span>/g)].map(([, path, svg]) => [
    path,
    drawing(svg!),
  ]);
  const icons = { '/': HomeIcon, '/mines': MinesIcon, '/mtrade': TradeIcon, '/user': UserIcon };
  expect(inPage).toEqual(Object.entries(icons).map(([path, Icon]) => [path, drawing(renderToStaticMarkup(<Icon />))]));
});

test('the shell is hidden from assistive technology and leaves #root to React', () => {
  expect(page).toMatch(/<div class="boot" aria-hidden="true"/);
  expect(page).toContain('<div id="root"></div>');
});
