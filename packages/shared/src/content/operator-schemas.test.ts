import { describe, expect, it } from 'vitest';
import { courseInputSchema, homeSceneInputSchema, partnerInputSchema } from './operator-schemas.js';

const refused = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((issue) => issue.path.join('.'));

describe('operator content schemas', () => {
  const scene = { title: 'en_US:::Check in\nzh_CN:::打卡', body: 'en_US:::Daily', icon: 'checkin', tone: 'violet' };

  it('takes in-app paths and https URLs as links, nothing else', () => {
    for (const link of ['', '/mtrade', '/article?key=privacy', 'https://www.bnbchain.org/en'])
      expect(homeSceneInputSchema.safeParse({ ...scene, link }).success, link).toBe(true);
    for (const link of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'http://example.com',
      '//evil.example',
      '/\\evil.example',
      'https://user:pw@example.com',
      'mtrade',
      '/a b',
      'data:text/html,x',
    ])
      expect(refused(homeSceneInputSchema.safeParse({ ...scene, link })), link).toEqual(['link']);
  });

  it('wants text in every language a value names', () => {
    expect(homeSceneInputSchema.safeParse({ ...scene, title: 'Plain text for all' }).success).toBe(true);
    for (const title of ['', '   ', 'en_US:::', 'en_US:::Hi\nzh_CN:::  ', 'a\u0000b'])
      expect(refused(homeSceneInputSchema.safeParse({ ...scene, title })), title).toEqual(['title']);
  });

  it('lower-cases colours and region codes, and keeps a region once', () => {
    expect(partnerInputSchema.parse({ name: 'BNB Chain', mark: 'B', color: '#F0B90B' })).toEqual({
      name: 'BNB Chain',
      mark: 'B',
      color: '#f0b90b',
      link: '',
    });
    expect(refused(partnerInputSchema.safeParse({ name: 'X', mark: 'XXXX', color: 'red' }))).toEqual(['mark', 'color']);
    const course = {
      title: 'en_US:::Intro',
      cover: '/college/a.svg',
      video: 'https://cdn.example.com/a.webm',
      duration_seconds: 60,
    };
    expect(courseInputSchema.parse({ ...course, regions: ['cn-gd', 'CN', 'CN-GD'] })).toMatchObject({
      regions: ['CN-GD', 'CN'],
      summary: '',
      body: '',
      poster: '',
      requires_miner: false,
    });
    expect(refused(courseInputSchema.safeParse({ ...course, regions: ['CN', 'FR'] }))).toEqual(['regions.1']);
    expect(refused(courseInputSchema.safeParse({ ...course, regions: ['CN-GD-X'] }))).toEqual(['regions.0']);
    expect(
      refused(
        courseInputSchema.safeParse({ ...course, cover: 'college/a.svg', poster: 'javascript:x', duration_seconds: 0 }),
      ),
    ).toEqual(['cover', 'poster', 'duration_seconds']);
  });
});
