import { sql } from 'kysely';
import type { UserEventType } from '@wallx/shared';
import type { Db } from '../../platform/db/database.js';

export type EventRow = { seq: string; type: UserEventType; payload: unknown; at: Date; notice: boolean };

/** Days an event is kept: the inbox's horizon, and how far back a stream can resume. */
export const EVENT_RETENTION_DAYS = 90;

export function createEventsRepository() {
  return {
    async after(db: Db, userId: string, seq: string, limit: number): Promise<EventRow[]> {
      return db
        .selectFrom('user_events')
        .select(['seq', 'type', 'payload', 'notice', 'created_at as at'])
        .where('user_id', '=', userId)
        .where('seq', '>', seq)
        .orderBy('seq')
        .limit(limit)
        .execute() as Promise<EventRow[]>;
    },

    /**
     * Of these users, those with a seq newer than the one given beside them: a primary-key lookup
     * each. The lateral subquery (kept apart by its limit) holds PostgreSQL to that: as a plain join
     * it walked the whole counters table in a merge join, every 100 ms (issue 44).
     */
    async newer(db: Db, users: string[], seqs: string[]): Promise<string[]> {
      const { rows } = await sql<{ user_id: string }>`
        select k.user_id::text as user_id
        from unnest(${users}::bigint[], ${seqs}::bigint[]) as k (user_id, seq)
        cross join lateral (select s.seq from user_event_seqs s where s.user_id = k.user_id limit 1) as s
        where s.seq > k.seq`.execute(db);
      return rows.map((row) => row.user_id);
    },

    /** The user's newest seq, the oldest one still kept, and the notices read up to. */
    async position(db: Db, userId: string): Promise<{ seq: string; oldest: string | null; readSeq: string }> {
      const row = await db
        .selectFrom('user_event_seqs as s')
        .select([
          's.seq',
          's.read_seq',
          (eb) =>
            eb
              .selectFrom('user_events as e')
              .select((inner) => inner.fn.min('e.seq').as('oldest'))
              .whereRef('e.user_id', '=', 's.user_id')
              .as('oldest'),
        ])
        .where('s.user_id', '=', userId)
        .executeTakeFirst();
      return row
        ? { seq: row.seq, oldest: (row.oldest as string | null) ?? null, readSeq: row.read_seq }
        : { seq: '0', oldest: null, readSeq: '0' };
    },

    /**
     * The seq a stream looking `ms` back starts after: the newest event older than that, or, when every
     * kept event is newer, the one before the oldest kept (0 without any).
     */
    async seqBefore(db: Db, userId: string, ms: number): Promise<string> {
      const { rows } = await sql<{ seq: string }>`
        select coalesce(
          (select max(seq) from user_events
            where user_id = ${userId}::bigint and created_at < now() - make_interval(secs => ${ms}::int / 1000.0)),
          (select min(seq) - 1 from user_events where user_id = ${userId}::bigint),
          0)::text as seq`.execute(db);
      return rows[0]!.seq;
    },

    /** Notices newest first, before a seq (the page cursor). */
    async notices(db: Db, userId: string, { before, limit }: { before: string | null; limit: number }) {
      let query = db
        .selectFrom('user_events')
        .select(['seq', 'type', 'payload', 'notice', 'created_at as at'])
        .where('user_id', '=', userId)
        .where('notice', '=', true)
        .where('seq', 'is not', null);
      if (before !== null) query = query.where('seq', '<', before);
      return query.orderBy('seq', 'desc').limit(limit).execute() as Promise<EventRow[]>;
    },

    async unread(db: Db, userId: string): Promise<number> {
      const { count } = await sql<{ count: string }>`
        select count(*)::text as count from user_events e
        where e.user_id = ${userId} and e.notice
          and e.seq > coalesce((select read_seq from user_event_seqs where user_id = ${userId}), 0)`
        .execute(db)
        .then((r) => r.rows[0]!);
      return Number(count);
    },

    /** Read up to `seq` (never backwards, never past the newest). */
    async markRead(db: Db, userId: string, seq: string): Promise<void> {
      await sql`update user_event_seqs set read_seq = greatest(read_seq, least(${seq}::bigint, seq))
        where user_id = ${userId}`.execute(db);
    },

    /** Events older than the horizon, a batch at a time (the index on created_at finds them). */
    async deleteOlderThan(db: Db, cutoff: Date, batch: number): Promise<number> {
      const result = await sql`delete from user_events where (user_id, seq) in (
          select user_id, seq from user_events where created_at < ${cutoff} order by created_at limit ${batch})`.execute(
        db,
      );
      return Number(result.numAffectedRows ?? 0n);
    },
  };
}
export type EventsRepository = ReturnType<typeof createEventsRepository>;
