// One client process of the ledger benchmark: `clients` concurrent transfer loops for `seconds`.
// The benchmark runs as many processes as pgbench runs threads (-j), so both sides get the same cores.
import path from 'node:path';
import { root } from './lib.mjs';

const [url, clients, seconds, idsJson] = process.argv.slice(2);
const dist = (p) => path.join(root, 'apps/server/dist', p);
const { openDatabase } = /** @type {typeof import('../apps/server/src/platform/db/database.js')} */ (
  await import(dist('platform/db/database.js'))
);
const { createLedger } = /** @type {typeof import('../apps/server/src/kernel/ledger/ledger.js')} */ (
  await import(dist('kernel/ledger/ledger.js'))
);
const { createFundsRepository } = /** @type {typeof import('../apps/server/src/modules/funds/repository.js')} */ (
  await import(dist('modules/funds/repository.js'))
);
const { createFundsService } = /** @type {typeof import('../apps/server/src/modules/funds/service.js')} */ (
  await import(dist('modules/funds/service.js'))
);

const ids = JSON.parse(idsJson);
const handle = await openDatabase({ kind: 'postgres', url, poolSize: Number(clients) });
// moveFunds, all this worker calls, reads neither users, fund passwords nor idempotency keys.
const unused = /** @type {never} */ (null);
const service = createFundsService({
  db: handle.db,
  ledger: createLedger(),
  funds: createFundsRepository(),
  users: unused,
  fundPasswords: unused,
  idempotency: unused,
});
const pick = () => ids[Math.floor(Math.random() * ids.length)];
async function load(ms) {
  let done = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: Number(clients) }, async () => {
      while (Date.now() < started + ms) {
        const from = pick();
        let to = pick();
        while (to === from) to = pick();
        await service.moveFunds(handle.db, { fromUserId: from, toUserId: to, asset: 'USDT', amount: '1' });
        done++;
      }
    }),
  );
  return { done, elapsed: (Date.now() - started) / 1000 };
}
// One untimed second first: connections, prepared statements and the JIT warm up, as pgbench's
// C client needs no warming.
await load(1000);
const { done, elapsed } = await load(Number(seconds) * 1000);
await handle.close();
process.stdout.write(JSON.stringify({ done, elapsed }));
