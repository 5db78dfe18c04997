import { sql } from 'kysely';
import type { DeliveryAddress, DeliveryAddressInput } from '@wallx/shared';
import type { Executor, Trx } from '../../platform/db/database.js';

type AddressRow = Omit<DeliveryAddress, 'created_at'> & { created_at: Date };
const toAddress = ({ created_at, ...row }: AddressRow): DeliveryAddress => ({
  ...row,
  created_at: created_at.toISOString(),
});
export type AddressSnapshot = Omit<DeliveryAddress, 'id' | 'is_default' | 'created_at'>;

const addressColumns = [
  'id',
  'country',
  'province',
  'recipient',
  'phone',
  'postcode',
  'detail',
  'is_default',
  'created_at',
] as const;

/** Delivery addresses: a user keeps a few, one of them the default (their region). */
export function createAddressRepository() {
  return {
    async addresses(db: Executor, userId: string): Promise<DeliveryAddress[]> {
      const rows = await db
        .selectFrom('addresses')
        .select(addressColumns)
        .where('user_id', '=', userId)
        .orderBy('is_default', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map((r) => toAddress(r as AddressRow));
    },

    async address(db: Executor, userId: string, id: string): Promise<DeliveryAddress | undefined> {
      const row = await db
        .selectFrom('addresses')
        .select(addressColumns)
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? toAddress(row as AddressRow) : undefined;
    },

    async defaultAddress(db: Executor, userId: string): Promise<DeliveryAddress | undefined> {
      const row = await db
        .selectFrom('addresses')
        .select(addressColumns)
        .where('user_id', '=', userId)
        .where('is_default', '=', true)
        .executeTakeFirst();
      return row ? toAddress(row as AddressRow) : undefined;
    },

    /** Serializes one user's address writes (the count limit and the one default). */
    async lockUser(trx: Trx, userId: string): Promise<void> {
      await sql`select 1 from users where id = ${userId}::bigint for update`.execute(trx);
    },

    async countAddresses(db: Executor, userId: string): Promise<number> {
      const row = await db
        .selectFrom('addresses')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async insertAddress(
      trx: Trx,
      userId: string,
      input: Required<DeliveryAddressInput>,
      isDefault: boolean,
    ): Promise<string> {
      const row = await trx
        .insertInto('addresses')
        .values({ user_id: userId, ...input, is_default: isDefault })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async updateAddress(trx: Trx, userId: string, id: string, input: Required<DeliveryAddressInput>): Promise<boolean> {
      const result = await trx
        .updateTable('addresses')
        .set({ ...input, updated_at: new Date() })
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async deleteAddress(trx: Trx, userId: string, id: string): Promise<{ wasDefault: boolean } | undefined> {
      const row = await trx
        .deleteFrom('addresses')
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .returning('is_default')
        .executeTakeFirst();
      return row ? { wasDefault: row.is_default } : undefined;
    },

    /** Makes `id` (or, when null, the newest address) the one default. */
    async setDefault(trx: Trx, userId: string, id: string | null): Promise<boolean> {
      await trx
        .updateTable('addresses')
        .set({ is_default: false })
        .where('user_id', '=', userId)
        .where('is_default', '=', true)
        .execute();
      const target =
        id ??
        (
          await trx
            .selectFrom('addresses')
            .select('id')
            .where('user_id', '=', userId)
            .orderBy('id', 'desc')
            .executeTakeFirst()
        )?.id;
      if (!target) return false;
      const result = await trx
        .updateTable('addresses')
        .set({ is_default: true })
        .where('user_id', '=', userId)
        .where('id', '=', target)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
  };
}
export type AddressRepository = ReturnType<typeof createAddressRepository>;
