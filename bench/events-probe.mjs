// Loaded into a server process by `npm run bench -- events` (`node --expose-gc --import
// ./bench/events-probe.mjs apps/server/dist/server.js`): on SIGUSR2 it collects garbage and writes the
// process's memory use to BENCH_PROBE_FILE, so the bench reads the live heap, not garbage not yet swept.
import fs from 'node:fs';

const file = process.env.BENCH_PROBE_FILE;
if (file) {
  process.on('SIGUSR2', () => {
    globalThis.gc?.();
    globalThis.gc?.();
    fs.writeFileSync(file, JSON.stringify({ at: Date.now(), ...process.memoryUsage() }));
  });
}
