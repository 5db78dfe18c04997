import { languages } from '@wallx/shared';
import { describe, expect, it } from 'vitest';
import { appPaths, pageHead, pageLanguage, withHead } from './page-head.js';

describe('the page head', () => {
  it('has a title and a description for every screen in every language, the title its header’s', () => {
    for (const language of languages)
      for (const path of appPaths) {
        const { tags, status } = pageHead({ path, language, origin: 'https://app.example', url: path });
        expect(status).toBe(200);
        expect(tags, `${language} ${path}`).toMatch(/<title>[^<]+<\/title><meta name="description" content="[^"]+">/);
      }
    expect(pageHead({ path: '/user', language: 'en_US', origin: '', url: '/user' }).tags).toContain(
      '<title>My wallet · WALLX</title>',
    );
  });

  it('escapes what it writes into the page', () => {
    const { tags } = pageHead({
      path: '/join',
      language: 'en_US',
      origin: 'https://app.example',
      url: '/join',
      inviter: '"><script>alert(1)</script>',
    });
    expect(tags).not.toContain('<script>');
    expect(tags).toContain('&quot;&gt;&lt;script&gt;');
  });

  it('sets <html lang> as the app does and replaces the marker', () => {
    const head = pageHead({ path: '/', language: 'zh_CN', origin: '', url: '/' });
    expect(withHead('<html lang="en" data-x="1"><head><!--wallx-head--></head>', head)).toBe(
      `<html lang="zh-CN" data-x="1"><head>${head.tags}</head>`,
    );
  });

  it('takes the language from the app’s cookie, else from Accept-Language', () => {
    expect(pageLanguage('a=b; wallx_lang=ko_KR', 'ja')).toBe('ko_KR');
    expect(pageLanguage('wallx_lang=fr_FR', 'ja;q=0.8')).toBe('ja_JP');
    expect(pageLanguage(undefined, undefined)).toBe('en_US');
  });
});
