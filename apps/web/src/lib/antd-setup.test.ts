// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { useConfig } from 'antd-mobile';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '@wallx/shared';
import { changeLanguage, followLanguage, getLanguage, initI18n } from './i18n';

/** The locale an antd-mobile component rendered now, outside any provider (as Toast and Dialog are), reads. */
const antdLocale = () => renderHook(() => useConfig()).result.current.locale;
const maskName = () => antdLocale().Mask.name;

beforeAll(async () => {
  localStorage.clear();
  await initI18n();
});

afterEach(async () => {
  await changeLanguage('en_US');
  localStorage.clear();
});

describe('antd-mobile locale', () => {
  it('follows the language from when the toast or dialog code loads, and with each change', async () => {
    expect(getLanguage()).toBe('en_US');
    // Its own default until then.
    expect(maskName()).toBe('背景蒙层');
    const { antdLocaleFollowed } = await import('./antd-setup');
    await antdLocaleFollowed;
    expect(antdLocale().locale).toBe('en');

    await changeLanguage('ja_JP');
    expect(maskName()).toBe('マスク');
    await changeLanguage('zh_CN');
    expect(maskName()).toBe('背景蒙层');
    await changeLanguage('ko_KR');
    expect(antdLocale().locale).toBe('ko-KR');
  });
});

describe('followLanguage', () => {
  it('switches a follower with the language, once the change has loaded what it needs', async () => {
    const switched: Language[] = [];
    await followLanguage(async (language) => () => switched.push(language));
    expect(switched).toEqual(['en_US']);
    await changeLanguage('id_ID');
    expect(switched).toEqual(['en_US', 'id_ID']);
  });

  // Registered after the change began: loading quicker than the change (it switches to the old
  // language first), slower (its first load is for a language gone by then), or slower for the old
  // language than for the new (the old one's load finishes last and must not win).
  it.each([
    ['quicker', { en_US: 0, ko_KR: 0 }],
    ['slower', { en_US: 50, ko_KR: 50 }],
    ['slower for the old language', { en_US: 100, ko_KR: 0 }],
  ])('catches up with a change under way when it registered, loading %s', async (_, loadMs) => {
    const switched: Language[] = [];
    const change = changeLanguage('ko_KR');
    const followed = followLanguage(async (language) => {
      await new Promise((resolve) => setTimeout(resolve, loadMs[language as 'en_US' | 'ko_KR']));
      return () => switched.push(language);
    });
    await Promise.all([change, followed]);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(getLanguage()).toBe('ko_KR');
    expect(switched.at(-1)).toBe('ko_KR');
  });

  it('leaves every follower in the old language when the change fails', async () => {
    const switched: Language[] = [];
    await followLanguage(async (language) => {
      if (language === 'ja_JP') throw new Error('offline');
      return () => switched.push(language);
    });
    await expect(changeLanguage('ja_JP')).rejects.toThrow('offline');
    expect(getLanguage()).toBe('en_US');
    expect(switched).toEqual(['en_US']);
  });
});
