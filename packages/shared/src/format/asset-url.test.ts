import { describe, expect, it } from 'vitest';
import { assetUrl } from './asset-url.js';

const host = 'https://api.example.com';
const now = Date.UTC(2024, 0, 1, 10, 30); // 1704105000000 → hour 473362
const v = 'v=473362';

describe('assetUrl', () => {
  it('prefixes relative paths with the API host and a version', () => {
    expect(assetUrl('uploads/a.png', host, now)).toBe(`${host}/uploads/a.png?${v}`);
    expect(assetUrl('/uploads/a.png', `${host}/`, now)).toBe(`${host}/uploads/a.png?${v}`);
    expect(assetUrl('/uploads/a.png', `${host}//`, now)).toBe(`${host}/uploads/a.png?${v}`);
  });

  it("appends with '&' when the path already has a query", () => {
    expect(assetUrl('/img?id=7', host, now)).toBe(`${host}/img?id=7&${v}`);
  });

  it('puts the version before a #fragment', () => {
    expect(assetUrl('/icons.svg#coin', host, now)).toBe(`${host}/icons.svg?${v}#coin`);
    expect(assetUrl('/img?id=7#x', host, now)).toBe(`${host}/img?id=7&${v}#x`);
  });

  it('keeps the same version within an hour and changes it at the next hour', () => {
    const hourStart = 473362 * 3_600_000;
    expect(assetUrl('a.png', host, hourStart)).toBe(`${host}/a.png?v=473362`);
    expect(assetUrl('a.png', host, hourStart + 3_599_999)).toBe(`${host}/a.png?v=473362`);
    expect(assetUrl('a.png', host, hourStart + 3_600_000)).toBe(`${host}/a.png?v=473363`);
  });

  it('uses the current time by default', () => {
    const hour = Math.floor(Date.now() / 3_600_000);
    const url = assetUrl('a.png', host);
    expect([`${host}/a.png?v=${hour}`, `${host}/a.png?v=${hour + 1}`]).toContain(url);
  });

  it('returns absolute URLs unchanged', () => {
    for (const url of [
      'http://cdn.example.com/a.png',
      'https://cdn.example.com/a.png?x=1',
      'HTTPS://CDN.EXAMPLE.COM/A.PNG',
      'data:image/png;base64,iVBORw0KGgo=',
      'blob:https://app.example.com/3f2a',
      '//cdn.example.com/a.png',
    ]) {
      expect(assetUrl(url, host, now)).toBe(url);
    }
  });

  it("returns '' for empty paths", () => {
    expect(assetUrl('', host, now)).toBe('');
    expect(assetUrl('   ', host, now)).toBe('');
    expect(assetUrl(null, host, now)).toBe('');
    expect(assetUrl(undefined, host, now)).toBe('');
  });

  it('gives a root-relative URL when the API host is empty (same origin)', () => {
    expect(assetUrl('uploads/a.png', '', now)).toBe(`/uploads/a.png?${v}`);
  });

  it('leaves an uploaded, content-named image unversioned: its URL is cached for a year', () => {
    const image = `/api/images/${'ab'.repeat(32)}.png`;
    expect(assetUrl(image, host, now)).toBe(`${host}${image}`);
    expect(assetUrl(image, '', now)).toBe(image);
  });
});
