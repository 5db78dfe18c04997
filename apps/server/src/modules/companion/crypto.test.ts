import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createMessageCipher } from './crypto.js';

describe('the message cipher', () => {
  const key = crypto.randomBytes(32);
  const cipher = createMessageCipher(key);
  const place = { userId: '7', conversationId: '3', messageId: '11' };

  it('opens what it sealed, with a fresh nonce each time', () => {
    const a = cipher.seal('今日はつかれた', place);
    const b = cipher.seal('今日はつかれた', place);
    expect(a.equals(b)).toBe(false);
    expect(cipher.open(a, place)).toBe('今日はつかれた');
    expect(a.length).toBe(12 + Buffer.byteLength('今日はつかれた') + 16);
  });

  it('refuses a body moved to another user, conversation or message, altered, or under another key', () => {
    const sealed = cipher.seal('mine', place);
    expect(() => cipher.open(sealed, { ...place, userId: '8' })).toThrow();
    expect(() => cipher.open(sealed, { ...place, conversationId: '4' })).toThrow();
    expect(() => cipher.open(sealed, { ...place, messageId: '12' })).toThrow();
    const altered = Buffer.from(sealed);
    altered[14] = altered[14]! ^ 1;
    expect(() => cipher.open(altered, place)).toThrow();
    expect(() => createMessageCipher(crypto.randomBytes(32)).open(sealed, place)).toThrow();
  });
});
