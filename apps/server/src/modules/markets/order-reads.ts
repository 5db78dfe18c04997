import { CompiledQuery, sql, type RawBuilder } from 'kysely';
import {
  PAGE_SIZE_MAX,
  type C2cOrder,
  type MarketOrderStatus,
  type MarketSort,
  type MtradeOrder,
  type OrderExpiry,
} from '@wallx/shared';
import type { Executor } from '../../platform/db/database.js';
import { decodeKeysetCursor, encodeKeysetCursor } from '../../platform/pagination/cursor.js';
import type { PageRange } from '../../platform/pagination/page.js';

/** What a cursor's sort value must look like for each sort, so that it casts in SQL. */
const sortValue: Record<MarketSort, (v: string) => boolean> = {
  newest: (v) => v === '',
  expiring: (v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/.test(v) && !Number.isNaN(Date.parse(v)),
  price_asc: (v) => /^\d{1,20}(\.\d{1,18})?$/.test(v),
  price_desc: (v) => /^\d{1,20}(\.\d{1,18})?$/.test(v),
};

/** The cursor after `row` in `sort`. */
export function cursorAfter(sort: MarketSort, row: { id: string; expires_at: string; unit_price: string }): string {
  const v = sort === 'expiring' ? row.expires_at : sort === 'newest' ? '' : row.unit_price;
  return encodeKeysetCursor({ v, id: row.id });
}

type Row = Record<string, unknown> & {
  expires_at: Date;
  created_at: Date;
  filled_at: Date | null;
  cancelled_at: Date | null;
};
const times = <T extends Row>(r: T) => ({
  ...r,
  expires_at: r.expires_at.toISOString(),
  created_at: r.created_at.toISOString(),
  filled_at: r.filled_at ? r.filled_at.toISOString() : null,
  cancelled_at: r.cancelled_at ? r.cancelled_at.toISOString() : null,
});

const MTRADE_SELECT = sql`
  select o.id::text as id, o.miner_id::text as miner_id, m.machine_no, p.id::text as product_id, p.name as product_name,
    p.image as product_image, p.category as product_category, trim_scale(m.daily_output)::text as daily_output, m.output_days,
    trim_scale(o.unit_price)::text as unit_price, trim_scale(o.fee)::text as fee, o.status, o.expiry, o.expires_at,
    s.address as seller, b.address as buyer, o.created_at, o.filled_at, o.cancelled_at, o.cancel_reason, o.cancel_note
  from mtrade_orders o
  join miners m on m.id = o.miner_id
  join miner_products p on p.id = m.product_id
  join users s on s.id = o.seller_id
  left join users b on b.id = o.buyer_id`;

type MtradeRow = Row & {
  id: string;
  miner_id: string;
  machine_no: string;
  product_id: string;
  product_name: string;
  product_image: string;
  product_category: 'node' | 'machine';
  daily_output: string;
  output_days: number;
  unit_price: string;
  fee: string;
  status: MtradeOrder['status'];
  expiry: OrderExpiry;
  seller: string;
  buyer: string | null;
  cancel_reason: MtradeOrder['cancel_reason'];
  cancel_note: string | null;
};

function toMtradeOrder(row: MtradeRow): MtradeOrder {
  const { product_id, product_name, product_image, product_category, ...rest } = times(row);
  return { ...rest, product: { id: product_id, name: product_name, image: product_image, category: product_category } };
}

const C2C_SELECT = sql`
  select o.id::text as id, trim_scale(o.amount)::text as amount, trim_scale(o.unit_price)::text as unit_price,
    trim_scale(o.total)::text as total, trim_scale(o.fee)::text as fee, o.status, o.expiry, o.expires_at,
    s.address as seller, b.address as buyer, o.created_at, o.filled_at, o.cancelled_at, o.cancel_reason, o.cancel_note
  from c2c_orders o
  join users s on s.id = o.seller_id
  left join users b on b.id = o.buyer_id`;

type C2cRow = Row & Omit<C2cOrder, 'expires_at' | 'created_at' | 'filled_at' | 'cancelled_at'>;

/**
 * The market pages' SQL, one text per market, sort, first or later page and page size, built once.
 * The page size is a literal, not a parameter: under `force_generic_plan` PostgreSQL plans a
 * `limit $n` for 10 % of the rows (3,333 of 100,000 orders), which chose a parallel Gather Merge
 * whose worker start cost ~7 ms of an 11 ms page. With the literal the plan is an index range scan
 * for exactly the page, then primary-key joins. The page size is an integer of 1–100 (pageQuery),
 * so at most 1,600 texts. Pending orders have no buyer, fill or cancellation: those columns are
 * not read (PENDING fills them in), nor is the buyer joined.
 */
const MARKET_FROM: Record<MarketTable, string> = {
  mtrade_orders: `select o.id::text as id, o.miner_id::text as miner_id, m.machine_no, p.id::text as product_id, p.name as product_name,
    p.image as product_image, p.category as product_category, trim_scale(m.daily_output)::text as daily_output, m.output_days,
    trim_scale(o.unit_price)::text as unit_price, trim_scale(o.fee)::text as fee, o.expiry, o.expires_at, s.address as seller, o.created_at
  from page join mtrade_orders o on o.id = page.id
  join miners m on m.id = o.miner_id
  join miner_products p on p.id = m.product_id
  join users s on s.id = o.seller_id`,
  c2c_orders: `select o.id::text as id, trim_scale(o.amount)::text as amount, trim_scale(o.unit_price)::text as unit_price,
    trim_scale(o.total)::text as total, trim_scale(o.fee)::text as fee, o.expiry, o.expires_at, s.address as seller, o.created_at
  from page join c2c_orders o on o.id = page.id
  join users s on s.id = o.seller_id`,
};
const PENDING = {
  status: 'pending',
  buyer: null,
  filled_at: null,
  cancelled_at: null,
  cancel_reason: null,
  cancel_note: null,
} as const;
/** Order and keyset condition per sort ($1 is the viewer; the cursor's value and id follow). */
const MARKET_ORDER: Record<MarketSort, { order: string; after: string }> = {
  newest: { order: 'o.id desc', after: 'and o.id < $2::bigint' },
  expiring: { order: 'o.expires_at, o.id', after: 'and (o.expires_at, o.id) > ($2::timestamptz, $3::bigint)' },
  price_asc: { order: 'o.unit_price, o.id', after: 'and (o.unit_price, o.id) > ($2::numeric, $3::bigint)' },
  price_desc: { order: 'o.unit_price desc, o.id desc', after: 'and (o.unit_price, o.id) < ($2::numeric, $3::bigint)' },
};
const marketTexts = new Map<string, string>();
function marketSql(kind: MarketTable, sort: MarketSort, hasCursor: boolean, limit: number): string {
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > PAGE_SIZE_MAX) throw new Error(`market page size ${limit}`);
  const key = `${kind} ${sort} ${hasCursor} ${limit}`;
  let text = marketTexts.get(key);
  if (!text) {
    const { order, after } = MARKET_ORDER[sort];
    // The page's ids first, from the sort's covering index alone (migration 018): the viewer's own
    // orders and expired ones are skipped there, without a table read. Literal predicates, so that
    // the partial indexes match.
    text = `with page as (
    select o.id from ${kind} o
    where o.status = 'pending' and o.expires_at > now() and o.seller_id <> $1::bigint ${hasCursor ? after : ''}
    order by ${order} limit ${limit})
  ${MARKET_FROM[kind]}
  order by ${order}`;
    marketTexts.set(key, text);
  }
  return text;
}

export type MarketTable = 'mtrade_orders' | 'c2c_orders';

/** The console's filters: each is an index range (status, seller or buyer, then id descending). */
export type OrderFilter = {
  status?: MarketOrderStatus | undefined;
  seller?: string | undefined;
  buyer?: string | undefined;
};

function filterSql(filter: OrderFilter, before: string | null): RawBuilder<unknown> {
  const parts = [
    filter.status ? sql`o.status = ${filter.status}` : null,
    // An address no user has matches nothing: the subquery answers null.
    filter.seller ? sql`o.seller_id = (select id from users where address = ${filter.seller})` : null,
    filter.buyer ? sql`o.buyer_id = (select id from users where address = ${filter.buyer})` : null,
    before ? sql`o.id < ${before}::bigint` : null,
  ].filter((part): part is RawBuilder<unknown> => part !== null);
  return parts.length ? sql`where ${sql.join(parts, sql` and `)}` : sql``;
}

/** The orders as users and the console see them: market pages, my orders, every order, one order. */
export function createOrderReads() {
  /** Pending, unexpired orders of other users, in `sort` order, one page after `cursor`. */
  async function market<T extends Row>(
    db: Executor,
    kind: MarketTable,
    viewerId: string,
    q: { sort: MarketSort; cursor?: string | undefined; limit: number },
  ) {
    const cursor = decodeKeysetCursor(q.cursor, sortValue[q.sort]);
    const parameters =
      cursor === null ? [viewerId] : q.sort === 'newest' ? [viewerId, cursor.id] : [viewerId, cursor.v, cursor.id];
    const { rows } = await db.executeQuery<T>(
      CompiledQuery.raw(marketSql(kind, q.sort, cursor !== null, q.limit), parameters),
    );
    return rows.map((row) => ({ ...row, ...PENDING }));
  }

  async function mine<T extends Row>(
    db: Executor,
    select: RawBuilder<unknown>,
    userId: string,
    q: PageRange & { role: 'sell' | 'buy' },
  ) {
    const who = q.role === 'sell' ? sql`o.seller_id` : sql`o.buyer_id`;
    const { rows } = await sql<T>`${select}
      where ${who} = ${userId}::bigint ${q.before ? sql`and o.id < ${q.before}::bigint` : sql``}
      order by o.id desc limit ${q.limit}`.execute(db);
    return rows;
  }

  /** Every order of one market for the console, newest first. */
  async function all<T extends Row>(db: Executor, select: RawBuilder<unknown>, filter: OrderFilter, range: PageRange) {
    const { rows } =
      await sql<T>`${select} ${filterSql(filter, range.before)} order by o.id desc limit ${range.limit}`.execute(db);
    return rows;
  }

  return {
    async mtradeAll(db: Executor, filter: OrderFilter, range: PageRange) {
      return (await all<MtradeRow>(db, MTRADE_SELECT, filter, range)).map(toMtradeOrder);
    },
    async c2cAll(db: Executor, filter: OrderFilter, range: PageRange) {
      return (await all<C2cRow>(db, C2C_SELECT, filter, range)).map(times);
    },

    async mtradeMarket(
      db: Executor,
      viewerId: string,
      q: { sort: MarketSort; cursor?: string | undefined; limit: number },
    ) {
      return (await market<MtradeRow>(db, 'mtrade_orders', viewerId, q)).map(toMtradeOrder);
    },
    async mtradeMine(db: Executor, userId: string, q: PageRange & { role: 'sell' | 'buy' }) {
      return (await mine<MtradeRow>(db, MTRADE_SELECT, userId, q)).map(toMtradeOrder);
    },
    async mtradeOrder(db: Executor, id: string) {
      const { rows } = await sql<MtradeRow>`${MTRADE_SELECT} where o.id = ${id}::bigint`.execute(db);
      return rows[0] ? toMtradeOrder(rows[0]) : undefined;
    },
    async c2cMarket(
      db: Executor,
      viewerId: string,
      q: { sort: MarketSort; cursor?: string | undefined; limit: number },
    ) {
      return (await market<C2cRow>(db, 'c2c_orders', viewerId, q)).map(times);
    },
    async c2cMine(db: Executor, userId: string, q: PageRange & { role: 'sell' | 'buy' }) {
      return (await mine<C2cRow>(db, C2C_SELECT, userId, q)).map(times);
    },
    async c2cOrder(db: Executor, id: string) {
      const { rows } = await sql<C2cRow>`${C2C_SELECT} where o.id = ${id}::bigint`.execute(db);
      return rows[0] ? times(rows[0]) : undefined;
    },
  };
}
