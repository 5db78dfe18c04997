import { describe, expect, it } from 'vitest';
import { detectLanguage, htmlLang } from './language';

describe('detectLanguage', () => {
  it('prefers a valid stored choice over the browser', () => {
    expect(detectLanguage('ko_KR', ['zh-CN'])).toBe('ko_KR');
  });

  it('ignores a stored value that is not one of ours', () => {
    expect(detectLanguage('fr_FR', ['ja-JP'])).toBe('ja_JP');
    expect(detectLanguage('', ['ja'])).toBe('ja_JP');
  });

  it('takes the first browser language we speak', () => {
    expect(detectLanguage(null, ['fr-FR', 'zh-TW', 'en-GB'])).toBe('zh_CN');
    expect(detectLanguage(null, ['de', 'en-GB'])).toBe('en_US');
    expect(detectLanguage(null, ['in-ID'])).toBe('id_ID');
    expect(detectLanguage(undefined, ['id'])).toBe('id_ID');
  });

  it('falls back to English', () => {
    expect(detectLanguage(null, [])).toBe('en_US');
    expect(detectLanguage(null, ['fr-FR', 'de-DE'])).toBe('en_US');
  });
});

describe('htmlLang', () => {
  it('turns our codes into BCP 47 tags', () => {
    expect(htmlLang('zh_CN')).toBe('zh-CN');
    expect(htmlLang('id_ID')).toBe('id-ID');
  });
});
