import { describe, expect, it } from 'vitest';
import { buildLangText, emptyLangTextFields, langText, parseLangTextFields, taggedLineIn } from './lang-text.js';

const multi = 'zh_CN:::你好\nen_US:::Hello\nko_KR:::안녕하세요';

describe('langText', () => {
  it('picks the line of the requested language', () => {
    expect(langText(multi, 'en_US')).toBe('Hello');
    expect(langText(multi, 'zh_CN')).toBe('你好');
    expect(langText(multi, 'ko_KR')).toBe('안녕하세요');
  });

  it('falls back to the first line', () => {
    expect(langText(multi, 'ja_JP')).toBe('你好');
    expect(langText(multi, '')).toBe('你好');
    expect(langText('en_US:::Hello\nzh_CN:::你好', 'id_ID')).toBe('Hello');
  });

  it('splits on CRLF as well as LF', () => {
    expect(langText('zh_CN:::你好\r\nen_US:::Hello\r\n', 'en_US')).toBe('Hello');
    expect(langText('zh_CN:::你好\r\nen_US:::Hello', 'zh_CN')).toBe('你好');
  });

  it("keeps ':::' inside the text", () => {
    expect(langText('en_US:::a:::b\nzh_CN:::甲:::乙', 'en_US')).toBe('a:::b');
    expect(langText('en_US:::a:::b\nzh_CN:::甲:::乙', 'zh_CN')).toBe('甲:::乙');
  });

  it("accepts the 'zh-CN' spelling on either side", () => {
    expect(langText('en-US:::Hello\nzh-CN:::你好', 'zh_CN')).toBe('你好');
    expect(langText(multi, 'zh-CN')).toBe('你好');
    expect(langText('en_US:::Hello\nzh_cn:::你好', 'zh_CN')).toBe('你好');
  });

  it('prefers the exact tag over other spellings and the primary subtag', () => {
    expect(langText('zh:::中文\nzh-CN:::简体(dash)\nzh_CN:::简体', 'zh_CN')).toBe('简体');
    expect(langText('zh:::中文\nzh-CN:::简体(dash)', 'zh_CN')).toBe('简体(dash)');
  });

  it('falls back to the primary subtag before the first line', () => {
    expect(langText('en_US:::Hello\nzh:::中文', 'zh_CN')).toBe('中文');
    expect(langText('en_US:::Hello\nzh:::中文\nzh_TW:::繁體', 'zh_CN')).toBe('中文');
    // then any tag sharing the primary subtag
    expect(langText('ko_KR:::안녕\nzh_TW:::繁體', 'zh_CN')).toBe('繁體');
    expect(langText('ko_KR:::안녕\nen_US:::Hello', 'en')).toBe('Hello');
  });

  it('returns a value without any ::: whole and trimmed', () => {
    expect(langText('  Just text \n second line  ', 'en_US')).toBe('Just text \n second line');
    expect(langText('Hello', 'zh_CN')).toBe('Hello');
  });

  it('treats a line without ::: as plain text, used only as the first-line fallback', () => {
    expect(langText('Plain default\nzh_CN:::你好', 'zh_CN')).toBe('你好');
    expect(langText('Plain default\nzh_CN:::你好', 'en_US')).toBe('Plain default');
  });

  it('skips blank lines and trims texts', () => {
    expect(langText('\n\n  en_US:::  Hello  \nzh_CN:::你好', 'ja_JP')).toBe('Hello');
  });

  it('returns an empty translation as written', () => {
    expect(langText('zh_CN:::你好\nen_US:::', 'en_US')).toBe('');
  });

  it("returns '' for null, undefined and empty", () => {
    expect(langText(null, 'en_US')).toBe('');
    expect(langText(undefined, 'en_US')).toBe('');
    expect(langText('', 'en_US')).toBe('');
    expect(langText(' \r\n ', 'en_US')).toBe('');
  });
});

describe('langText over several lines', () => {
  const body = 'en_US:::# Privacy\n\nWe keep **little**.\n- one\n- two\nzh_CN:::# 隐私\n\n我们只保存**很少**的数据。';
  it('continues a language with the untagged lines after it, blank ones included', () => {
    expect(langText(body, 'en_US')).toBe('# Privacy\n\nWe keep **little**.\n- one\n- two');
    expect(langText(body, 'zh_CN')).toBe('# 隐私\n\n我们只保存**很少**的数据。');
    expect(langText(body, 'ko_KR')).toBe('# Privacy\n\nWe keep **little**.\n- one\n- two');
  });

  it('opens a language only with a language tag: other text with ::: in it is text', () => {
    expect(langText('en_US:::See note:::1\nTime 10:::30\nzh_CN:::见', 'en_US')).toBe('See note:::1\nTime 10:::30');
    expect(langText('Just a:::colon', 'en_US')).toBe('Just a:::colon');
  });
});

describe('parseLangTextFields and buildLangText', () => {
  it('takes a value apart into the five languages and builds it back, English first', () => {
    const { fields, others } = parseLangTextFields('zh_CN:::你好\nen_US:::Hello\nko_KR:::안녕하세요');
    expect(fields).toEqual({ en_US: 'Hello', zh_CN: '你好', ko_KR: '안녕하세요', ja_JP: '', id_ID: '' });
    expect(others).toEqual([]);
    expect(buildLangText(fields)).toBe('en_US:::Hello\nzh_CN:::你好\nko_KR:::안녕하세요');
  });

  it('keeps a Markdown body across lines, blank ones included', () => {
    const body = '# Terms\n\n- one\n- two\n\n```\n10:::30\n```';
    const value = buildLangText({ en_US: body, zh_CN: '# 条款\n\n正文' });
    expect(langText(value, 'en_US')).toBe(body);
    expect(langText(value, 'zh_CN')).toBe('# 条款\n\n正文');
    expect(parseLangTextFields(value).fields.en_US).toBe(body);
  });

  it('leaves out empty languages, so they fall back to English; nothing at all is empty', () => {
    const value = buildLangText({ en_US: ' Hello ', zh_CN: '  ', ja_JP: 'こんにちは' });
    expect(value).toBe('en_US:::Hello\nja_JP:::こんにちは');
    expect(langText(value, 'ko_KR')).toBe('Hello');
    expect(buildLangText(emptyLangTextFields())).toBe('');
  });

  it('reads short and dashed tags, an exact tag winning over a looser one', () => {
    expect(parseLangTextFields('en:::Hi\nzh-CN:::嗨\nid:::Halo').fields).toMatchObject({
      en_US: 'Hi',
      zh_CN: '嗨',
      id_ID: 'Halo',
    });
    expect(parseLangTextFields('en:::Loose\nen_US:::Exact').fields.en_US).toBe('Exact');
  });

  it('gives untagged text to English, and keeps tags of no language of ours', () => {
    expect(parseLangTextFields('BNB Chain').fields.en_US).toBe('BNB Chain');
    const edit = parseLangTextFields('en_US:::Hello\nfr:::Bonjour');
    expect(edit.others).toEqual([{ tag: 'fr', text: 'Bonjour' }]);
    expect(buildLangText({ ...edit.fields, zh_CN: '你好' }, edit.others)).toBe(
      'en_US:::Hello\nzh_CN:::你好\nfr:::Bonjour',
    );
  });

  it('normalizes CRLF inside a text', () => {
    expect(buildLangText({ en_US: 'a\r\nb' })).toBe('en_US:::a\nb');
  });

  it('finds a line that would open another language', () => {
    expect(taggedLineIn('fine\nzh:::not fine')).toBe('zh:::not fine');
    expect(taggedLineIn('10:::30 is text\n  ok')).toBeNull();
  });
});
