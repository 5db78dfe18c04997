import { sql } from 'kysely';
import type { Executor, Trx } from '../../platform/db/database.js';
import { prepared } from '../../platform/db/prepared.js';
import { queryBuilder } from '../../platform/db/query-builder.js';

export type UserRow = {
  id: string;
  address: string;
  share_code: string;
  inviter_address: string | null;
  is_validator: boolean;
  is_frozen: boolean;
  has_fund_password: boolean;
  created_at: Date;
};

export type BalanceRow = { usdt: string; wallx: string };

const userColumns = (db: Executor | null) =>
  (db ?? queryBuilder)
    .selectFrom('users as u')
    .leftJoin('users as i', 'i.id', 'u.inviter_id')
    .select([
      'u.id',
      'u.address',
      'u.share_code',
      'i.address as inviter_address',
      'u.is_validator',
      'u.is_frozen',
      sql<boolean>`u.fund_password_hash is not null`.as('has_fund_password'),
      'u.created_at',
    ]);

const infoForSession = prepared((sessionId: string, userId: string) =>
  userColumns(null)
    .innerJoin('sessions as s', 's.user_id', 'u.id')
    .select((eb) => {
      const balanceOf = (asset: 'USDT' | 'WALLX') =>
        eb
          .selectFrom('accounts as a')
          .select(sql<string>`trim_scale(a.balance)::text`.as('balance'))
          .whereRef('a.user_id', '=', 'u.id')
          .where('a.asset', '=', asset);
      return [
        eb.fn.coalesce(balanceOf('USDT'), sql<string>`'0'`).as('usdt'),
        eb.fn.coalesce(balanceOf('WALLX'), sql<string>`'0'`).as('wallx'),
      ];
    })
    .where('s.id', '=', sessionId)
    .where('s.user_id', '=', userId)
    .where('s.revoked_at', 'is', null),
);

export function createUserRepository() {
  return {
    async findById(db: Executor, id: string): Promise<UserRow | undefined> {
      return userColumns(db).where('u.id', '=', id).executeTakeFirst();
    },

    async findByAddress(db: Executor, address: string): Promise<UserRow | undefined> {
      return userColumns(db).where('u.address', '=', address.toLowerCase()).executeTakeFirst();
    },

    async findIdByShareCode(db: Executor, shareCode: string): Promise<string | undefined> {
      const row = await db.selectFrom('users').select('id').where('share_code', '=', shareCode).executeTakeFirst();
      return row?.id;
    },

    async findIdByAddress(db: Executor, address: string): Promise<string | undefined> {
      const row = await db.selectFrom('users').select('id').where('address', '=', address).executeTakeFirst();
      return row?.id;
    },

    /**
     * Inserts the user with its two asset accounts, unless the address or share code exists.
     * Answers the new id, or undefined when nothing was inserted (the caller decides which clash it was).
     */
    async insert(
      trx: Trx,
      user: { address: string; shareCode: string; inviterId: string | null },
    ): Promise<string | undefined> {
      const row = await trx
        .insertInto('users')
        .values({ address: user.address, share_code: user.shareCode, inviter_id: user.inviterId })
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!row) return undefined;
      await trx
        .insertInto('accounts')
        .values([
          { user_id: row.id, kind: 'user', asset: 'USDT' },
          { user_id: row.id, kind: 'user', asset: 'WALLX' },
        ])
        .execute();
      return row.id;
    },

    /**
     * Userinfo and balances of the user behind a live session, in one round trip: the session check
     * rides along, so the hottest read of the app costs a single indexed query.
     */
    async infoForSession(db: Executor, sessionId: string, userId: string): Promise<(UserRow & BalanceRow) | undefined> {
      return (await infoForSession(db, sessionId, userId))[0];
    },

    async balances(db: Executor, userId: string): Promise<BalanceRow> {
      const rows = await db
        .selectFrom('accounts')
        .select(['asset', sql<string>`trim_scale(balance)::text`.as('balance')])
        .where('user_id', '=', userId)
        .execute();
      const of = (asset: string) => rows.find((r) => r.asset === asset)?.balance ?? '0';
      return { usdt: of('USDT'), wallx: of('WALLX') };
    },
  };
}
export type UserRepository = ReturnType<typeof createUserRepository>;
