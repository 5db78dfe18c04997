import { describe, expect, it } from 'vitest';
import { countryName, provinceName, regionParts } from './regions';
import { regions } from './test-fixtures';

const guangdong = { code: 'CN-GD', name: 'Guangdong', local_name: '广东省' };

describe('region names', () => {
  it('names countries as the browser does, in the UI language', () => {
    expect(countryName('CN', 'en_US')).toBe('China');
    expect(countryName('CN', 'zh_CN')).toBe('中国');
    expect(countryName('JP', 'ja_JP')).toBe('日本');
    expect(countryName('US', 'ko_KR')).toBe('미국');
  });

  it('names a province locally when the UI speaks the country’s language, else in English', () => {
    expect(provinceName('CN', guangdong, 'zh_CN')).toBe('广东省');
    expect(provinceName('CN', guangdong, 'en_US')).toBe('Guangdong');
    expect(provinceName('CN', guangdong, 'ja_JP')).toBe('Guangdong');
    expect(provinceName('JP', { code: 'JP-13', name: 'Tokyo', local_name: '東京都' }, 'ja_JP')).toBe('東京都');
  });

  it('shows the province’s code until the regions have loaded', () => {
    expect(regionParts(undefined, 'CN', 'CN-GD', 'en_US')).toEqual({ country: 'China', province: 'CN-GD' });
    expect(regionParts(regions, 'CN', 'CN-GD', 'zh_CN')).toEqual({ country: '中国', province: '广东省' });
  });
});
