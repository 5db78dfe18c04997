import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runSource } from './test/run-source.js';

/**
 * `node server.js` as an operator starts it on BSC (issue 44): with the chain's own settings and
 * nothing else, on a shell where NODE_ENV is unset, it used to start on development defaults.
 */
describe('the server started on BSC without NODE_ENV', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallx-bsc-start-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('refuses to start, naming each missing or unsafe setting at once, before it opens anything', async () => {
    const result = await runSource(new URL('./server.ts', import.meta.url), [], {
      // Empty counts as unset: the test runner's own NODE_ENV=test must not reach it.
      NODE_ENV: '',
      CHAIN: 'bsc',
      // Nothing listens there: a server that got as far as the chain would fail on it instead.
      RPC_URL: 'http://127.0.0.1:9',
      WALLX_ADDRESS: `0x${'1'.repeat(40)}`,
      DEPOSIT_ADDRESS: `0x${'2'.repeat(40)}`,
      DEPOSIT_FACTORY_ADDRESS: `0x${'5'.repeat(40)}`,
      HOT_WALLET_PRIVATE_KEY: `0x${'3'.repeat(64)}`,
      COLD_WALLET_ADDRESS: `0x${'6'.repeat(40)}`,
      // Two halves of the IPv4 internet: every client.
      TRUST_PROXY: '0.0.0.0/1,128.0.0.0/1',
      JWT_PRIVATE_KEY: '',
      JWT_PUBLIC_KEY: '',
      OPERATORS: '',
      PUBLIC_APP_URL: '',
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
    });
    expect(result.code, result.stdout).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines[0]).toBe('Invalid configuration:');
    for (const setting of [
      /^ {2}TRUST_PROXY: "0\.0\.0\.0\/1" wider than an IPv4 \/8; "128\.0\.0\.0\/1" wider than an IPv4 \/8/,
      /^ {2}JWT_PRIVATE_KEY, JWT_PUBLIC_KEY: required when CHAIN=bsc/,
      /^ {2}OPERATORS: name at least one admin when CHAIN=bsc/,
      /^ {2}PUBLIC_APP_URL: required when CHAIN=bsc/,
      /^ {2}DATABASE_URL: required when CHAIN=bsc/,
    ]) {
      expect(
        lines.filter((line) => setting.test(line)),
        `${setting}\n${result.stderr}`,
      ).toHaveLength(1);
    }
    // Those five lines and the heading: no stack trace, no other complaint.
    expect(lines).toHaveLength(6);
    // Refused before the embedded database or generated keys were made.
    expect(fs.readdirSync(dataDir)).toEqual([]);
  }, 60_000);
});
