import { isNoticeEvent, type UserEvent, type UserEventPayload, type UserEventType } from '@wallx/shared';
import { sql } from 'kysely';
import type { Executor } from '../db/database.js';

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
    /** Written in the caller's transaction; the seq is given when it commits (migration 031). */
    async emit(db: Executor, ...events: UserEventInput[]): Promise<void> {
      if (events.length === 0) return;
      await db
        .insertInto('user_events')
        .values(
          events.map((e) => ({
            // Services that know the user by address (the console's views) name them so.
            user_id:
              typeof e.userId === 'string'
                ? e.userId
                : sql<string>`(select id from users where address = ${e.userId.address.toLowerCase()})`,
            type: e.type,
            notice: isNoticeEvent(e as Pick<UserEvent, 'type' | 'payload'>),
            payload: JSON.stringify(e.payload),
          })),
        )
        .execute();
    },
    /** The markets' lists changed (an order sold, withdrawn or expired): wakes every viewer's stream at commit. */
    async marketChanged(db: Executor, change: { market: 'mtrade' | 'c2c'; id: string }): Promise<void> {
      await sql`select pg_notify('wallx_market', ${JSON.stringify(change)})`.execute(db);
    },
  };
}
export type UserEvents = ReturnType<typeof createUserEvents>;
