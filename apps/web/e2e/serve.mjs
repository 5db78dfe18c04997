// The browser tests' server: the real one (apps/server/dist/server.js), started on a data dir into
// which yesterday's miners were seeded first (see seeded-miners.mjs). Seeding goes through the
// server's own modules, as a first login and a purchase would write the rows.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SEEDED_DAY_FILE, SEEDED_MINER_OWNERS, seededMinerOwner } from './seeded-miners.mjs';
import {
  SEEDED_POOL,
  SEEDED_STAKES,
  SEEDED_STAKERS,
  SEEDED_STAKING_DAY_FILE,
  seededStaker,
} from './seeded-stakers.mjs';

const dist = (file) => new URL(`../../server/dist/${file}`, import.meta.url).href;
const { loadConfig } = await import(dist('platform/config/config.js'));
const { openDatabase } = await import(dist('platform/db/database.js'));
const { migrate } = await import(dist('platform/db/migrate.js'));
const { createUserRepository } = await import(dist('kernel/users/repository.js'));
const { createMinersRepository } = await import(dist('modules/miners/repository.js'));
const { seedDemoCatalog } = await import(dist('app/seeds/demo-catalog.js'));
const { newShareCode } = await import(dist('modules/auth/service.js'));
const { addDays, dayInZone, startOfDayInZone } = await import(dist('platform/time/days.js'));
const { createLedger } = await import(dist('kernel/ledger/ledger.js'));

// The companion's model, stood in for (e2e/companion-model.mjs) unless the run names a real one;
// COMPANION_STAND_IN=0 starts the server without a model (the companion unavailable).
if (process.env.COMPANION_STAND_IN === '1' && !process.env.COMPANION_API_URL) {
  const { startCompanionModel } = await import('./companion-model.mjs');
  process.env.COMPANION_API_URL = await startCompanionModel();
  process.env.COMPANION_MODEL ??= 'e2e-stand-in';
  process.env.COMPANION_DATA_KEY ??= crypto.randomBytes(32).toString('hex');
}

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
    await seedStakers(database.db, users, yesterday);
  } finally {
    await database.close();
  }
}
/**
 * Stakers whose two stakes started the day before yesterday (so held all of yesterday), each with
 * WALLX as a deposit credits it, and the pool's proceeds (an approved funding in WALLX, the markets'
 * fee share in USDT), all by the ledger as the modules post them. The server's distribution job
 * shares yesterday out as it starts (e2e/seeded-stakers.mjs).
 */
async function seedStakers(db, users, yesterday) {
  const ledger = createLedger();
  const startedAt = new Date(startOfDayInZone(addDays(yesterday, -1), config.outputTimeZone).getTime() + 3_600_000);
  for (let index = 0; index < SEEDED_STAKERS; index++) {
    await db.transaction().execute(async (trx) => {
      const userId = await users.insert(trx, {
        address: seededStaker(index).address.toLowerCase(),
        shareCode: newShareCode(),
        inviterId: null,
      });
      // Whole WALLX, summed exactly (BigInt throws if a seeded amount ever gets decimals).
      const total = String(BigInt(SEEDED_STAKES.flexible) + BigInt(SEEDED_STAKES.d30) + BigInt(SEEDED_STAKES.kept));
      await ledger.post(trx, {
        debit: { platform: 'deposits' },
        credit: { user: userId },
        asset: 'WALLX',
        amount: total,
        type: 'deposit',
        ref: { type: 'e2e_seed', id: `staker-${index}` },
      });
      for (const [term, days] of [
        ['flexible', null],
        ['d30', 30],
      ]) {
        const row = await trx
          .insertInto('stakes')
          .values({
            user_id: userId,
            amount: SEEDED_STAKES[term],
            term,
            started_at: startedAt,
            ends_at: days === null ? null : new Date(startedAt.getTime() + days * 86_400_000),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await ledger.post(trx, {
          debit: { user: userId },
          credit: { platform: 'stakes' },
          asset: 'WALLX',
          amount: SEEDED_STAKES[term],
          type: 'stake',
          ref: { type: 'stake', id: row.id },
        });
      }
    });
  }
  await db.transaction().execute(async (trx) => {
    await ledger.post(trx, {
      debit: { platform: 'staking_funding' },
      credit: { platform: 'staking_pool' },
      asset: 'WALLX',
      amount: SEEDED_POOL.WALLX,
      type: 'staking_funding',
    });
    await ledger.post(trx, {
      debit: { platform: 'fees' },
      credit: { platform: 'staking_pool' },
      asset: 'USDT',
      amount: SEEDED_POOL.USDT,
      type: 'staking_fee_share',
    });
  });
  fs.writeFileSync(path.join(config.dataDir, SEEDED_STAKING_DAY_FILE), yesterday);
}

// WalletConnect's relay, stood in for on the port WALLETCONNECT_RELAY_URL names (playwright.config.ts).
if (process.env.WALLETCONNECT_RELAY_URL) {
  const { startRelay } = await import('./walletconnect-relay.mjs');
  await startRelay(Number(new URL(process.env.WALLETCONNECT_RELAY_URL).port));
}
await import(dist('server.js'));
