import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readScreens } from '../../route-preloads';
import { appPaths } from './route-access';

describe('readScreens (the build reads router.tsx for the hints the server puts in each page)', () => {
  const screens = readScreens(fs.readFileSync(new URL('./router.tsx', import.meta.url), 'utf8'));

  it('finds every path the app routes', () => {
    expect([...screens.keys()].sort()).toEqual([...appPaths].sort());
  });

  it('gives a screen its layouts first, and the sections all of them wait for', () => {
    expect(screens.get('/')).toEqual({ specifiers: ['../features/home/home-screen'], sections: [] });
    expect(screens.get('/mines')).toEqual({
      specifiers: ['./query-layout', '../features/miners/mines-screen'],
      sections: ['errors', 'miners'],
    });
    expect(screens.get('/mine')).toEqual({
      specifiers: ['./query-layout', '../features/miners/mine-screen'],
      sections: ['errors', 'miners', 'funds'],
    });
  });
});
