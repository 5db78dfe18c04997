import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { decodeDataKey } from './companion.js';

const key = crypto.randomBytes(32);
const model = { COMPANION_API_URL: 'http://127.0.0.1:8000/v1/', COMPANION_MODEL: 'qwen2.5-7b-instruct' };

describe('the companion’s configuration', () => {
  it('is unavailable with nothing set, with its defaults', () => {
    expect(loadConfig({}).companion).toEqual({
      model: null,
      dataKey: null,
      retentionDays: 30,
      dailyMessages: 50,
      dailyTokenBudget: 2_000_000,
    });
  });

  it('takes the model, the key as hex or base64, and bounded time-outs', () => {
    for (const encoded of [key.toString('hex'), key.toString('base64'), key.toString('base64url')]) {
      const config = loadConfig({ ...model, COMPANION_DATA_KEY: encoded, COMPANION_API_KEY: 'sk-x' }).companion;
      expect(config.dataKey?.equals(key)).toBe(true);
      expect(config.model).toEqual({
        apiUrl: 'http://127.0.0.1:8000/v1',
        model: 'qwen2.5-7b-instruct',
        apiKey: 'sk-x',
        connectTimeoutMs: 10_000,
        firstTokenTimeoutMs: 20_000,
        totalTimeoutMs: 120_000,
      });
    }
    expect(() => loadConfig({ COMPANION_TOTAL_TIMEOUT_MS: '10000000' })).toThrow(/COMPANION_TOTAL_TIMEOUT_MS/);
    expect(() =>
      loadConfig({ COMPANION_FIRST_TOKEN_TIMEOUT_MS: '60000', COMPANION_TOTAL_TIMEOUT_MS: '30000' }),
    ).toThrow(/COMPANION_FIRST_TOKEN_TIMEOUT_MS/);
  });

  it('refuses to start without a data key, or with one that is not 32 bytes, naming it', () => {
    expect(() => loadConfig(model)).toThrow(/COMPANION_DATA_KEY: needed/);
    for (const bad of [
      'short',
      key.subarray(0, 16).toString('hex'),
      `${key.toString('hex')}00`,
      'x'.repeat(40),
      '!'.repeat(44),
    ])
      expect(() => loadConfig({ ...model, COMPANION_DATA_KEY: bad }), bad).toThrow(
        /COMPANION_DATA_KEY: must be 32 bytes/,
      );
    expect(() => loadConfig({ COMPANION_API_URL: 'http://127.0.0.1:8000/v1' })).toThrow(/COMPANION_MODEL/);
    expect(() => loadConfig({ COMPANION_MODEL: 'm' })).toThrow(/COMPANION_API_URL/);
    expect(() =>
      loadConfig({ ...model, COMPANION_API_URL: 'ftp://x', COMPANION_DATA_KEY: key.toString('hex') }),
    ).toThrow(/COMPANION_API_URL/);
    expect(decodeDataKey(key.toString('base64').replace(/=$/, ''))?.equals(key)).toBe(true);
  });
});
