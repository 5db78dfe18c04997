import { describe, expect, it } from 'vitest';
import { appPaths, routeAccess } from './route-access';
import { en_US as headTexts } from '@wallx/shared/i18n/head/en_US';

describe('routeAccess', () => {
  it('lets a guest open home, mines, join, article and the aid fund only', () => {
    const open = appPaths.filter((path) => routeAccess(path, false) === 'allow');
    expect(open.sort()).toEqual(['/', '/aid-fund', '/article', '/join', '/mines']);
  });

  it('asks a guest to connect for every other screen of the spec', () => {
    for (const path of ['/user', '/records', '/c2c/publish', '/mtrade', '/mtrade/myorders', '/validator']) {
      expect(routeAccess(path, false)).toBe('connect');
    }
  });

  it('lets a logged-in user open everything', () => {
    for (const path of appPaths) expect(routeAccess(path, true)).toBe('allow');
  });

  it('matches paths the way the router does: any case, trailing slash', () => {
    expect(routeAccess('/USER', false)).toBe('connect');
    expect(routeAccess('/user/', false)).toBe('connect');
    expect(routeAccess('/Mines/', false)).toBe('allow');
  });

  it('lets unknown paths through to the 404 screen', () => {
    expect(routeAccess('/no-such-page', false)).toBe('allow');
    expect(routeAccess('/user/extra', false)).toBe('allow');
  });
});

describe('the page head the server serves for each screen (issue 50)', () => {
  it('describes every screen of the app, and nothing else: the server answers 404 for any other path', () => {
    expect(Object.keys(headTexts.head.description).sort()).toEqual([...appPaths].sort());
  });
});
