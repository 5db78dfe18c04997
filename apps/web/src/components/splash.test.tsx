import fs from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { expect, test } from 'vitest';
import { Splash } from './splash';

test('the page carries the splash as the Splash component draws it', () => {
  const page = fs.readFileSync(new URL('../../index.html', import.meta.url), 'utf8');
  const inPage = /<div id="root">(.*)<\/div>\n/.exec(page)?.[1];
  // The gradient's id is React's own (useId) in the component and a fixed one in the page.
  const drawn = renderToStaticMarkup(<Splash />)
    .replace(/"_R_\w+_"/, '"splash-logo"')
    .replace(/#_R_\w+_/, '#splash-logo');
  expect(inPage).toBe(drawn);
});
