// `node scripts/test-at.mjs 23:30`: the whole `npm test` with the clock of every process it starts
// (Node, the embedded PostgreSQL, anvil) moved to that UTC time of today, and then running on from
// there, and the browser pages' `Date` by the same offset (Chromium cannot run under libfaketime).
// One offset for all, so their clocks agree with each other as they do in production.
// Uses Debian's libfaketime (`apt-get install faketime`). The suite must pass at any hour: 23:30 UTC
// is already tomorrow in the output job's zone (Asia/Shanghai).
import { spawn } from 'node:child_process';
import fs from 'node:fs';

const [, , time = '23:30'] = process.argv;
const match = /^(\d{2}):(\d{2})$/.exec(time);
if (!match) {
  console.error('Usage: node scripts/test-at.mjs HH:MM (a UTC time of today)');
  process.exit(2);
}
const library = [
  '/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1',
  '/usr/lib/aarch64-linux-gnu/faketime/libfaketimeMT.so.1',
].find((file) => fs.existsSync(file));
if (!library) {
  console.error('libfaketime is missing. Install it with:\n  sudo apt-get install -y faketime');
  process.exit(1);
}
const target = new Date();
target.setUTCHours(Number(match[1]), Number(match[2]), 0, 0);
const offsetSeconds = Math.round((target.getTime() - Date.now()) / 1000);
console.log(`━━ npm test with the clock at ${target.toISOString()} (offset ${offsetSeconds} s)`);
// Monotonic clocks stay real: timers and timeouts measure true durations.
/** @type {NodeJS.ProcessEnv} */
const env = {
  ...process.env,
  LD_PRELOAD: library,
  FAKETIME: `${offsetSeconds >= 0 ? '+' : ''}${offsetSeconds}s`,
  FAKETIME_DONT_FAKE_MONOTONIC: '1',
  // Chromium hangs under libfaketime: the browser tests start it without, and move its pages' Date by this.
  WALLX_E2E_CLOCK_OFFSET_MS: String(offsetSeconds * 1000),
};
// A PostgreSQL server started outside would keep the real clock: the embedded one starts under the same offset.
delete env.TEST_DATABASE_URL;
const child = spawn('npm', ['test'], { stdio: 'inherit', env });
child.on('close', (code) => process.exit(code ?? 1));
