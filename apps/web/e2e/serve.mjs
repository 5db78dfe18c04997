// The browser tests' server: the real one (apps/server/dist/server.js), started on a data dir into
// which yesterday's miners were seeded first (see seeded-miners.mjs). Seeding goes through the
// server's own modules, as a first login and a purchase would write the rows.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SEEDED_DAY_FILE, SEEDED_MINER_OWNERS, seededMinerOwner } from './seeded-miners.mjs';

const dist = (file) => new URL(`../../server/dist/${file}`, import.meta.url).href;
const { loadConfig } = await import(dist('platform/config/config.js'));
const { openDatabase } = await import(dist('platform/db/database.js'));
const { migrate } = await import(dist('platform/db/migrate.js'));
const { createUserRepository } = await import(dist('kernel/users/repository.js'));
const { createMinersRepository } = await import(dist('modules/miners/repository.js'));
const { seedDemoCatalog } = await import(dist('app/seeds/demo-catalog.js'));
const { newShareCode } = await import(dist('modules/auth/service.js'));
const { addDays, dayInZone } = await import(dist('platform/time/days.js'));

const config = loadConfig();
const dataDir = path.join(config.dataDir, 'pglite');
if (!fs.existsSync(dataDir)) {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    await migrate(database.db);
    const miners = createMinersRepository();
    await seedDemoCatalog(database.db, miners);
    const home = await database.db
      .selectFrom('miner_products')
      .select('id')
      .where('name', 'like', '%WX-M1 Home Miner%')
      .executeTakeFirstOrThrow();
    const yesterday = addDays(dayInZone(Date.now(), config.outputTimeZone), -1);
    const users = createUserRepository();
    for (let index = 0; index < SEEDED_MINER_OWNERS; index++) {
      await database.db.transaction().execute(async (trx) => {
        const userId = await users.insert(trx, {
          address: seededMinerOwner(index).address.toLowerCase(),
          shareCode: newShareCode(),
          inviterId: null,
        });
        const [orderId] = await miners.insertOrders(trx, {
          userId,
          productId: home.id,
          purchaseId: crypto.randomUUID(),
          payAsset: null,
          price: null,
          gift: true,
          quantity: 1,
        });
        await miners.markOrderUsed(trx, userId, orderId);
        const minerId = await miners.insertMiner(trx, { userId, productId: home.id, orderId, gift: true });
        await miners.turnOn(trx, userId, minerId, new Date(Date.now() - 86_400_000), yesterday);
      });
    }
    // The test reads the day back: a run that crosses midnight in the output's time zone finds
    // two ended days since then, not one.
    fs.writeFileSync(path.join(config.dataDir, SEEDED_DAY_FILE), yesterday);
  } finally {
    await database.close();
  }
}
// WalletConnect's relay, stood in for on the port WALLETCONNECT_RELAY_URL names (playwright.config.ts).
if (process.env.WALLETCONNECT_RELAY_URL) {
  const { startRelay } = await import('./walletconnect-relay.mjs');
  await startRelay(Number(new URL(process.env.WALLETCONNECT_RELAY_URL).port));
}
await import(dist('server.js'));
