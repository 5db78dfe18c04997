import { describe, expect, it } from 'vitest';
import { captureReferee, REFEREE_STORAGE_KEY } from './referee';
import { forgetReferee, readReferee } from './referee-store';
import { memoryStorage } from './test-storage';

describe('referee', () => {
  it('keeps the invite code of a join link', () => {
    const storage = memoryStorage();
    captureReferee('?code=ABC123&x=1', storage);
    expect(storage.getItem(REFEREE_STORAGE_KEY)).toBe('ABC123');
    expect(readReferee(storage)).toBe('ABC123');
  });

  it('keeps the earlier code when the link has none, and ignores absurd ones', () => {
    const storage = memoryStorage({ [REFEREE_STORAGE_KEY]: 'OLD' });
    captureReferee('', storage);
    captureReferee('?code=', storage);
    captureReferee(`?code=${'x'.repeat(65)}`, storage);
    expect(readReferee(storage)).toBe('OLD');
  });

  it('reads nothing when there is no code', () => {
    expect(readReferee(memoryStorage())).toBeNull();
    expect(readReferee(null)).toBeNull();
  });

  it('forgets a code, so that the next login sends no referee', () => {
    const storage = memoryStorage({ [REFEREE_STORAGE_KEY]: 'ZZZZZZZZ' });
    forgetReferee(storage);
    expect(readReferee(storage)).toBeNull();
    expect(() => forgetReferee(null)).not.toThrow();
  });
});
