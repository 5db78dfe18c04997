import { describe, expect, it } from 'vitest';
import { browserCountry } from './country';

describe('the country the browser names', () => {
  it('is the region of the first of its languages that has one', () => {
    expect(browserCountry(['zh-CN'])).toBe('CN');
    expect(browserCountry(['en', 'ko-KR', 'en-US'])).toBe('KR');
    expect(browserCountry(['zh-Hant-TW'])).toBe('TW');
    expect(browserCountry(['id_ID'])).toBe('ID');
    expect(browserCountry(['es-419', 'es-MX'])).toBe('MX');
  });

  it('is none when no language names a region, or a tag is not one', () => {
    expect(browserCountry(['en', 'ja'])).toBe('');
    expect(browserCountry(['not a tag!'])).toBe('');
    expect(browserCountry([])).toBe('');
  });
});
