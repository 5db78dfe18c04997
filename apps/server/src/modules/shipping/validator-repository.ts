import { sql } from 'kysely';
import type { OperatorValidator, Voucher } from '@wallx/shared';
import type { Executor, Trx } from '../../platform/db/database.js';
import type { PageRange } from '../../platform/pagination/page.js';
import { type RequestRow, requestSelect, toVoucher } from './request-rows.js';

/** Validators, the points they work at, and the vouchers they write off there. */
export function createValidatorRepository() {
  return {
    async userIdByAddress(db: Executor, address: string): Promise<string | undefined> {
      return (await db.selectFrom('users').select('id').where('address', '=', address).executeTakeFirst())?.id;
    },

    async validatorPoints(db: Executor, userId: string): Promise<{ is_validator: boolean; point_ids: string[] }> {
      const user = await db
        .selectFrom('users')
        .select('is_validator')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      const points = await db
        .selectFrom('validator_points')
        .select('point_id')
        .where('user_id', '=', userId)
        .orderBy('point_id')
        .execute();
      return { is_validator: user.is_validator, point_ids: points.map((p) => p.point_id) };
    },

    async setValidatorPoints(trx: Trx, userId: string, pointIds: string[]): Promise<void> {
      await trx.deleteFrom('validator_points').where('user_id', '=', userId).execute();
      if (pointIds.length > 0)
        await trx
          .insertInto('validator_points')
          .values(pointIds.map((pointId) => ({ user_id: userId, point_id: pointId })))
          .execute();
      await trx
        .updateTable('users')
        .set({ is_validator: pointIds.length > 0 })
        .where('id', '=', userId)
        .execute();
    },

    /** A page of validators (users with a point), newest first, with their points. */
    async validatorsPage(db: Executor, range: PageRange): Promise<OperatorValidator[]> {
      const { rows: users } = await sql<{ id: string; address: string }>`
        select v.user_id::text as id, u.address
          from (select distinct user_id from validator_points
                 where ${range.before}::bigint is null or user_id < ${range.before}::bigint
                 order by user_id desc limit ${range.limit}) v
          join users u on u.id = v.user_id
         order by v.user_id desc`.execute(db);
      if (users.length === 0) return [];
      const { rows: points } = await sql<OperatorValidator['points'][number] & { user_id: string }>`
        select vp.user_id::text as user_id, pp.id::text as id, pp.name, pp.country, pp.province, pp.active
          from validator_points vp join pickup_points pp on pp.id = vp.point_id
         where vp.user_id in (${sql.join(users.map((user) => sql`${user.id}::bigint`))})
         order by pp.id`.execute(db);
      return users.map((user) => ({
        ...user,
        points: points.filter((point) => point.user_id === user.id).map(({ user_id: _user, ...point }) => point),
      }));
    },

    async voucher(db: Executor, code: string): Promise<(Voucher & { point_id: string }) | undefined> {
      const { rows } = await sql<RequestRow>`${requestSelect} where r.code = ${code} and r.kind = 'pickup'`.execute(db);
      return rows[0] ? { ...toVoucher(rows[0]), point_id: rows[0].point_id! } : undefined;
    },

    async isValidatorAt(db: Executor, userId: string, pointId: string): Promise<boolean> {
      const row = await db
        .selectFrom('validator_points')
        .select('point_id')
        .where('user_id', '=', userId)
        .where('point_id', '=', pointId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The voucher's row, locked: two validators confirming one code take turns, and the second sees it used. */
    async lockVoucher(trx: Trx, code: string) {
      const { rows } = await sql<{ id: string; status: string; point_id: string; product_id: string; user_id: string }>`
        select id::text as id, status, point_id::text as point_id, product_id::text as product_id,
            user_id::text as user_id
          from shipping_requests where code = ${code} and kind = 'pickup' for update`.execute(trx);
      return rows[0];
    },

    async writeOff(trx: Trx, id: string, validatorId: string, at: Date): Promise<void> {
      await trx
        .updateTable('shipping_requests')
        .set({ status: 'written_off', written_off_by: validatorId, written_off_at: at })
        .where('id', '=', id)
        .execute();
    },

    async writeoffs(db: Executor, validatorId: string, range: PageRange): Promise<(Voucher & { id: string })[]> {
      const { rows } = await sql<RequestRow>`${requestSelect}
        where r.written_off_by = ${validatorId}::bigint and (${range.before}::bigint is null or r.id < ${range.before}::bigint)
        order by r.id desc limit ${range.limit}`.execute(db);
      return rows.map((r) => ({ ...toVoucher(r), id: r.id }));
    },
  };
}
export type ValidatorRepository = ReturnType<typeof createValidatorRepository>;
