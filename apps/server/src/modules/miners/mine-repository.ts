import { sql } from 'kysely';
import type { Miner, MinerAcquisition, MinerState } from '@wallx/shared';
import { iso, num, numOrNull } from '../../platform/db/api-values.js';
import type { Executor } from '../../platform/db/database.js';
import type { PageRange } from '../../platform/pagination/page.js';

function minerColumns(db: Executor) {
  return (
    db
      .selectFrom('miners as m')
      .innerJoin('miner_products as p', 'p.id', 'm.product_id')
      .innerJoin('miner_orders as bo', 'bo.id', 'm.order_id')
      // Every change of owner is a market fill or a transfer, so the latest of them is how the current
      // owner came by it; with none, the owner is the one who bought (or was granted) its order. Both
      // lookups go through an index on miner_id: one query for a page, however many miners it holds.
      .leftJoin(
        sql<{ via: string; price: string | null; at: Date }>`lateral (
        select * from (
          (select 'market' as via, t.unit_price as price, t.filled_at as at from mtrade_orders t
            where t.miner_id = m.id and t.status = 'filled' order by t.filled_at desc limit 1)
          union all
          (select 'transfer', null, x.created_at from miner_transfers x
            where x.miner_id = m.id order by x.id desc limit 1)
        ) e order by e.at desc limit 1
      )`.as('hand'),
        (join) => join.onTrue(),
      )
      .select([
        'm.id',
        'm.machine_no',
        'm.user_id',
        'p.id as product_id',
        'p.name as product_name',
        'p.image as product_image',
        'p.category as product_category',
        'm.state',
        'm.gift',
        num('m.daily_output').as('daily_output'),
        'm.output_days',
        'm.activated_at',
        sql<string | null>`m.last_output_day::text`.as('last_output_day'),
        'm.created_at',
        // A miner's own outputs: at most output_days rows, read through the (miner_id, day) key.
        sql<string>`(select count(*) from miner_outputs o where o.miner_id = m.id)::int`.as('days_produced'),
        sql<string>`coalesce((select trim_scale(sum(o.amount))::text from miner_outputs o where o.miner_id = m.id), '0')`.as(
          'output_total',
        ),
        'bo.gift as order_gift',
        'bo.pay_asset as order_asset',
        numOrNull('bo.price').as('order_price'),
        'bo.created_at as order_at',
        sql<'market' | 'transfer' | null>`hand.via`.as('hand_via'),
        sql<string | null>`trim_scale(hand.price)::text`.as('hand_price'),
        sql<Date | null>`hand.at`.as('hand_at'),
      ])
  );
}

type MinerRow = Awaited<ReturnType<ReturnType<typeof minerColumns>['executeTakeFirstOrThrow']>>;

function toMiner(row: MinerRow): Miner {
  return {
    id: row.id,
    machine_no: row.machine_no,
    product: { id: row.product_id, name: row.product_name, image: row.product_image, category: row.product_category },
    state: row.state,
    gift: row.gift,
    daily_output: row.daily_output,
    output_days: row.output_days,
    days_produced: Number(row.days_produced),
    output_total: row.output_total,
    activated_at: iso(row.activated_at),
    last_output_day: row.last_output_day,
    created_at: row.created_at.toISOString(),
    acquisition: acquisition(row),
  };
}

function acquisition(row: MinerRow): MinerAcquisition {
  if (row.hand_via === 'market') return { via: 'market', price: row.hand_price, asset: 'USDT', at: iso(row.hand_at)! };
  if (row.hand_via === 'transfer') return { via: 'transfer', price: null, asset: null, at: iso(row.hand_at)! };
  return {
    via: row.order_gift ? 'gift' : 'purchase',
    price: row.order_price,
    asset: row.order_asset,
    at: row.order_at.toISOString(),
  };
}

/** The miners in users' mines: the miners table, their states and owners. */
export function createMineRepository() {
  return {
    /** Places the miner of a used order; output terms are copied from the order (fixed when it was bought). */
    async insertMiner(db: Executor, m: { userId: string; orderId: string; gift: boolean }): Promise<string> {
      const { rows } = await sql<{ id: string }>`
        insert into miners (machine_no, user_id, product_id, order_id, gift, daily_output, output_days, claimed)
        select 'WX' || lpad(nextval('miner_number_seq')::text, 8, '0'), ${m.userId}, o.product_id, o.id, ${m.gift}, o.daily_output, o.output_days, o.claimed
        from miner_orders o where o.id = ${m.orderId}
        returning id::text as id`.execute(db);
      return rows[0]!.id;
    },

    /** Whether the user holds a miner: one in the mine (any state) or an unused order. */
    async holdsMiner(db: Executor, userId: string): Promise<boolean> {
      const { rows } = await sql<{
        holds: boolean;
      }>`select exists (select 1 from miners where user_id = ${userId}::bigint)
        or exists (select 1 from miner_orders where user_id = ${userId}::bigint and status = 'unused') as holds`.execute(
        db,
      );
      return rows[0]!.holds;
    },

    /**
     * Whether the user has a working miner on `day` (a date in the output zone): one turned on whose
     * output days reach that day. The daily job marks a miner expired only after its last day, so
     * `state = 'on'` alone would count a miner whose term ended until the job runs.
     */
    async holdsWorkingMiner(db: Executor, userId: string, day: string): Promise<boolean> {
      const { rows } = await sql<{ holds: boolean }>`
        select exists (select 1 from miners where user_id = ${userId}::bigint and state = 'on'
          and first_output_day <= ${day}::date and last_output_day >= ${day}::date) as holds`.execute(db);
      return rows[0]!.holds;
    },

    async findMiner(db: Executor, userId: string, minerId: string): Promise<Miner | undefined> {
      const row = await minerColumns(db).where('m.id', '=', minerId).where('m.user_id', '=', userId).executeTakeFirst();
      return row ? toMiner(row) : undefined;
    },

    async miners(
      db: Executor,
      userId: string,
      filter: PageRange & { state?: MinerState | undefined },
    ): Promise<Miner[]> {
      let query = minerColumns(db).where('m.user_id', '=', userId).orderBy('m.id', 'desc').limit(filter.limit);
      if (filter.state) query = query.where('m.state', '=', filter.state);
      if (filter.before) query = query.where('m.id', '<', filter.before);
      return (await query.execute()).map(toMiner);
    },

    async minerState(db: Executor, userId: string, minerId: string, options: { lock?: boolean } = {}) {
      let query = db
        .selectFrom('miners')
        .select(['state', 'gift', 'claimed', 'machine_no'])
        .where('id', '=', minerId)
        .where('user_id', '=', userId);
      if (options.lock) query = query.forUpdate();
      return query.executeTakeFirst();
    },

    /** off → on; the output days start on `day` (the output time zone's date of turning on). */
    async turnOn(db: Executor, userId: string, minerId: string, at: Date, day: string): Promise<boolean> {
      const result = await db
        .updateTable('miners')
        .set({
          state: 'on',
          activated_at: at,
          first_output_day: day,
          last_output_day: sql<string>`${day}::date + output_days - 1`,
        })
        .where('id', '=', minerId)
        .where('user_id', '=', userId)
        .where('state', '=', 'off')
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Hands an off, non-gift, unclaimed miner to another user and records it. */
    async changeOwner(db: Executor, minerId: string, fromUserId: string, toUserId: string): Promise<boolean> {
      const result = await db
        .updateTable('miners')
        .set({ user_id: toUserId })
        .where('id', '=', minerId)
        .where('user_id', '=', fromUserId)
        .where('state', '=', 'off')
        .where('gift', '=', false)
        .where('claimed', '=', false)
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) return false;
      await db
        .insertInto('miner_transfers')
        .values({ miner_id: minerId, from_user_id: fromUserId, to_user_id: toUserId })
        .execute();
      return true;
    },

    /** off → selling, for the machine market; only the owner's off, non-gift, unclaimed miner. */
    async putOnSale(db: Executor, userId: string, minerId: string): Promise<boolean> {
      const result = await db
        .updateTable('miners')
        .set({ state: 'selling' })
        .where('id', '=', minerId)
        .where('user_id', '=', userId)
        .where('state', '=', 'off')
        .where('gift', '=', false)
        .where('claimed', '=', false)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** selling → off: its sell order was cancelled or expired, or (with `newOwnerId`) bought. */
    async takeOffSale(db: Executor, minerId: string, newOwnerId?: string): Promise<boolean> {
      const result = await db
        .updateTable('miners')
        .set(newOwnerId ? { state: 'off', user_id: newOwnerId } : { state: 'off' })
        .where('id', '=', minerId)
        .where('state', '=', 'selling')
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
  };
}
