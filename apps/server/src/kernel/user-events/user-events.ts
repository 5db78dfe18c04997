import { isNoticeEvent, type UserEvent, type UserEventPayload, type UserEventType } from '@wallx/shared';
import { sql } from 'kysely';
import type { Executor } from '../../platform/db/database.js';

export type UserEventInput = {
  [T in UserEventType]: { userId: string | { address: string }; type: T; payload: UserEventPayload<T> };
}[UserEventType];

/**
 * How services tell users what happened: in the transaction of the change (`db` is it), so a change
 * rolled back tells nothing. Balance events are written by the database itself for every posting
 * (migration 031); services write the rest.
 */
export function createUserEvents() {
  return {
    /** Written in the caller's transaction, numbered per user (user_events_add, migration 031). */
    async emit(db: Executor, ...events: UserEventInput[]): Promise<void> {
      if (events.length === 0) return;
      const users = await Promise.all(
        events.map(async (e) => {
          if (typeof e.userId === 'string') return e.userId;
          // Services that know the user by address (the console's views) name them so.
          const { rows } = await sql<{
            id: string;
          }>`select id from users where address = ${e.userId.address.toLowerCase()}`.execute(db);
          if (!rows[0]) throw new Error(`user event for an unknown address ${e.userId.address}`);
          return rows[0].id;
        }),
      );
      await sql`select user_events_add(
          ${users}::bigint[], ${events.map((e) => e.type)}::text[],
          ${events.map((e) => isNoticeEvent(e as Pick<UserEvent, 'type' | 'payload'>))}::boolean[],
          ${events.map((e) => JSON.stringify(e.payload))}::jsonb[])`.execute(db);
    },
    /**
     * The markets' lists changed (an order listed, sold, withdrawn or expired): every viewer's stream is
     * told. Sent after the change's commit, on its own: a transaction that NOTIFYs holds a
     * database-wide lock through its commit, which would queue every purchase behind the others.
     */
    async marketChanged(db: Executor, change: { market: 'mtrade' | 'c2c'; id: string }): Promise<void> {
      await sql`select pg_notify('wallx_market', ${JSON.stringify(change)})`.execute(db);
    },
  };
}
export type UserEvents = ReturnType<typeof createUserEvents>;
