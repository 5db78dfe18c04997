import { sql } from 'kysely';
import { minerStates, type Asset, type MinerCounts, type OperatorUser, type UserSearch } from '@wallx/shared';
import type { Executor, Trx } from '../../platform/db/database.js';
import type { PageRange } from '../../platform/pagination/page.js';

type UserRow = Omit<OperatorUser, 'created_at'> & { created_at: Date };
export type FreezeRow = { operator: string; action: string; detail: unknown; created_at: Date };
export type UserFilter = { search: UserSearch | null; frozen?: boolean | undefined; validator?: boolean | undefined };

const columns = sql`u.id::text as id, u.address, u.share_code, u.created_at, u.is_frozen, u.is_validator, i.address as inviter`;

const toUser = (r: UserRow): OperatorUser => ({ ...r, created_at: r.created_at.toISOString() });

/** Every address starting with `prefix`: a range on the pattern index, usable by a generic plan (LIKE $1 is not). */
const prefixEnd = (prefix: string) => `${prefix}g`; // 'g' sorts after every hex digit

// Literal conditions, not parameters: a partial index (migration 014) serves only a condition it can read.
const flagCondition = (column: 'is_frozen' | 'is_validator', value: boolean | undefined) =>
  value === undefined ? sql`` : value ? sql`and ${sql.ref(`u.${column}`)}` : sql`and not ${sql.ref(`u.${column}`)}`;

const conditions = (filter: UserFilter, range: PageRange) =>
  sql`${range.before === null ? sql`` : sql`and u.id < ${range.before}::bigint`}
      ${flagCondition('is_frozen', filter.frozen)}
      ${flagCondition('is_validator', filter.validator)}`;

/**
 * A search's page of ids, found on the indexes (address prefix, share code) and cut to the page
 * before users are joined: so the plan starts from the few matches and never walks the users table
 * by id (a generic plan guesses a prefix matches far more rows than the handful it does).
 */
function searchPage(search: UserSearch, filter: UserFilter, range: PageRange) {
  const byAddress = search.addressPrefix
    ? sql`select u.id from users u where u.address ~>=~ ${search.addressPrefix} and u.address ~<~ ${prefixEnd(search.addressPrefix)} ${conditions(filter, range)}`
    : null;
  const byCode = search.shareCode
    ? sql`select u.id from users u where u.share_code = ${search.shareCode} ${conditions(filter, range)}`
    : null;
  const union = byAddress && byCode ? sql`${byAddress} union ${byCode}` : (byAddress ?? byCode)!;
  return sql`select id from (${union}) m order by id desc limit ${range.limit}`;
}

export function createUserOperatorRepository() {
  return {
    /** Newest first by id, keyset paged; each filter rides an index (see migration 014). */
    async list(db: Executor, filter: UserFilter, range: PageRange): Promise<OperatorUser[]> {
      const { rows } = filter.search
        ? await sql<UserRow>`
            with hits as materialized (${searchPage(filter.search, filter, range)})
            select ${columns} from hits h join users u on u.id = h.id left join users i on i.id = u.inviter_id
             order by u.id desc`.execute(db)
        : await sql<UserRow>`
            select ${columns} from users u left join users i on i.id = u.inviter_id
             where true ${conditions(filter, range)}
             order by u.id desc
             limit ${range.limit}`.execute(db);
      return rows.map(toUser);
    },

    async user(db: Executor, id: string): Promise<OperatorUser | undefined> {
      const { rows } =
        await sql<UserRow>`select ${columns} from users u left join users i on i.id = u.inviter_id where u.id = ${id}::bigint`.execute(
          db,
        );
      return rows[0] && toUser(rows[0]);
    },

    /** The balances as the ledger's accounts hold them, one per asset. */
    async balances(db: Executor, userId: string): Promise<{ asset: Asset; balance: string }[]> {
      const { rows } = await sql<{ asset: Asset; balance: string }>`
        select asset, trim_scale(balance)::text as balance from accounts
         where user_id = ${userId}::bigint and kind = 'user' order by asset`.execute(db);
      return rows;
    },

    async minerCounts(db: Executor, userId: string): Promise<MinerCounts> {
      const { rows } = await sql<{ state: keyof MinerCounts; n: string }>`
        select state, count(*) as n from miners where user_id = ${userId}::bigint group by state`.execute(db);
      const counts = Object.fromEntries(minerStates.map((state) => [state, 0])) as MinerCounts;
      for (const row of rows) counts[row.state] = Number(row.n);
      return counts;
    },

    /** The last freeze or unfreeze of the account, as the audit log keeps it. */
    async lastFreeze(db: Executor, userId: string): Promise<FreezeRow | undefined> {
      const { rows } = await sql<FreezeRow>`
        select operator, action, detail, created_at from operator_audit
         where subject_type = 'user' and subject_id = ${userId} and action in ('user.freeze', 'user.unfreeze')
         order by id desc limit 1`.execute(db);
      return rows[0];
    },

    /**
     * Locked for the change: a money transaction holds the row shared (users/active.ts) until it
     * commits, so a freeze waits for transfers already under way and every later one sees it.
     */
    async lockFrozen(trx: Trx, userId: string): Promise<boolean | undefined> {
      const { rows } = await sql<{
        is_frozen: boolean;
      }>`select is_frozen from users where id = ${userId}::bigint for update`.execute(trx);
      return rows[0]?.is_frozen;
    },

    async setFrozen(trx: Trx, userId: string, frozen: boolean): Promise<void> {
      await sql`update users set is_frozen = ${frozen} where id = ${userId}::bigint`.execute(trx);
    },
  };
}
export type UserOperatorRepository = ReturnType<typeof createUserOperatorRepository>;
