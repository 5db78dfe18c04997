import { describe, expect, it } from 'vitest';
import { parseRfc3339, parseSignInMessage } from './sign-in-message.js';

describe('parseRfc3339', () => {
  it.each([
    ['2026-11-29T00:42:01Z', '2026-11-29T00:42:01.000Z'],
    ['2026-11-29T00:42:01.5Z', '2026-11-29T00:42:01.500Z'],
    ['2026-11-29T00:42:01.123456789Z', '2026-11-29T00:42:01.123Z'],
    ['2026-11-29t09:42:01+09:00', '2026-11-29T00:42:01.000Z'],
    ['2026-11-28T19:12:01-05:30', '2026-11-29T00:42:01.000Z'],
    ['2024-02-29T00:00:00z', '2024-02-29T00:00:00.000Z'],
    ['2016-12-31T23:59:60Z', '2017-01-01T00:00:00.000Z'],
  ])('reads %s as %s', (text, instant) => {
    expect(parseRfc3339(text)?.toISOString()).toBe(instant);
  });

  it.each([
    '2026-02-29T00:00:00Z',
    '2026-11-31T00:00:00Z',
    '2026-13-01T00:00:00Z',
    '2026-11-29T24:00:00Z',
    '2026-11-29T00:60:00Z',
    '2026-11-29T00:00:61Z',
    '2026-11-29T00:00:00',
    '2026-11-29 00:00:00Z',
    '2026-11-29T00:00Z',
    '2026-11-29T00:00:00+0900',
    '2026-11-29T00:00:00.Z',
    'Sun, 29 Nov 2026 00:42:01 GMT',
    '1764376921',
  ])('refuses %s', (text) => {
    expect(parseRfc3339(text)).toBeNull();
  });
});

describe('parseSignInMessage', () => {
  const message = [
    'https://app.wallx.example wants you to sign in with your Ethereum account:',
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '',
    'Hello.',
    '',
    'URI: https://app.wallx.example/console',
    'Version: 1',
    'Chain ID: 56',
    'Nonce: 0123456789abcdef',
    'Issued At: 2026-11-29T09:37:01+09:00',
    'Expiration Time: 2026-11-29T00:42:01Z',
    'Not Before: 2026-11-29T00:37:01Z',
    'Request ID: r-1',
    'Resources:',
    '- https://a.example/',
    '- ipfs://b',
  ].join('\n');

  it('reads every field, the optional ones too', () => {
    expect(parseSignInMessage(message)).toEqual({
      scheme: 'https',
      domain: 'app.wallx.example',
      address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      statement: 'Hello.',
      uri: 'https://app.wallx.example/console',
      version: '1',
      chainId: 56,
      nonce: '0123456789abcdef',
      issuedAt: new Date('2026-11-29T00:37:01Z'),
      expirationTime: new Date('2026-11-29T00:42:01Z'),
      notBefore: new Date('2026-11-29T00:37:01Z'),
      requestId: 'r-1',
      resources: ['https://a.example/', 'ipfs://b'],
    });
  });

  it('reads a message without a statement or the optional fields', () => {
    const bare = message.replace('Hello.\n', '').split('\nExpiration Time')[0]!;
    expect(parseSignInMessage(bare)).toMatchObject({
      statement: null,
      expirationTime: null,
      notBefore: null,
      requestId: null,
      resources: null,
    });
  });

  it.each([
    ['a wrong checksum', message.replace('0x5aAeb', '0x5AAeb')],
    ['a short nonce', message.replace('Nonce: 0123456789abcdef', 'Nonce: 0123')],
    ['a time that is none', message.replace('T09:37:01+09:00', 'T09:37:01+24:00')],
    ['a line out of order', message.replace('Version: 1\nChain ID: 56', 'Chain ID: 56\nVersion: 1')],
    ['a trailing line', `${message}\n`],
    ['a header of another kind', message.replace(' wants you to ', ' asks you to ')],
  ])('refuses %s', (_, text) => {
    expect(parseSignInMessage(text)).toBeNull();
  });
});
