import { sql } from 'kysely';
import type { Feedback, FeedbackStatus, OperatorFeedback } from '@wallx/shared';
import type { Executor, Trx } from '../../platform/db/database.js';
import type { PageRange } from '../../platform/pagination/page.js';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

type Row = {
  id: string;
  title: string;
  detail: string;
  status: FeedbackStatus;
  reply: string | null;
  replied_by: string | null;
  replied_at: Date | null;
  reply_read_at: Date | null;
  created_at: Date;
  user: string;
};

const columns = sql`f.id::text as id, f.title, f.detail, f.status, f.reply, f.replied_by, f.replied_at, f.reply_read_at, f.created_at, u.address as user`;

const toFeedback = (r: Row): Feedback => ({
  id: r.id,
  title: r.title,
  detail: r.detail,
  status: r.status,
  reply: r.reply,
  replied_at: iso(r.replied_at),
  unread: r.status === 'replied' && r.reply_read_at === null,
  created_at: r.created_at.toISOString(),
});

const toOperatorFeedback = (r: Row): OperatorFeedback => {
  const { unread: _unread, ...shown } = toFeedback(r);
  return { ...shown, user: r.user, replied_by: r.replied_by };
};

export function createFeedbackRepository() {
  return {
    /** Serializes one user's sends, so the hourly and daily counts hold under racing requests. */
    async lockUser(trx: Trx, userId: string): Promise<void> {
      await sql`select 1 from users where id = ${userId}::bigint for update`.execute(trx);
    },

    async countSince(db: Executor, userId: string, since: Date): Promise<number> {
      const { rows } = await sql<{
        n: string;
      }>`select count(*) as n from feedback where user_id = ${userId}::bigint and created_at > ${since}`.execute(db);
      return Number(rows[0]!.n);
    },

    async insert(trx: Trx, userId: string, input: { title: string; detail: string }, at: Date): Promise<string> {
      const row = await trx
        .insertInto('feedback')
        .values({ user_id: userId, title: input.title, detail: input.detail, created_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async mine(db: Executor, userId: string, range: PageRange & { ids?: string[] }): Promise<Feedback[]> {
      const { rows } = await sql<Row>`select ${columns} from feedback f join users u on u.id = f.user_id
        where f.user_id = ${userId}::bigint and (${range.before}::bigint is null or f.id < ${range.before}::bigint)
          ${range.ids ? sql`and f.id = any(${range.ids}::bigint[])` : sql``}
        order by f.id desc limit ${range.limit}`.execute(db);
      return rows.map(toFeedback);
    },

    async unreadCount(db: Executor, userId: string): Promise<number> {
      const { rows } = await sql<{
        n: string;
      }>`select count(*) as n from feedback where user_id = ${userId}::bigint and status = 'replied' and reply_read_at is null`.execute(
        db,
      );
      return Number(rows[0]!.n);
    },

    async markRead(db: Executor, userId: string, at: Date): Promise<void> {
      await sql`update feedback set reply_read_at = ${at} where user_id = ${userId}::bigint and status = 'replied' and reply_read_at is null`.execute(
        db,
      );
    },

    async all(
      db: Executor,
      filter: { status?: FeedbackStatus | undefined },
      range: PageRange,
    ): Promise<OperatorFeedback[]> {
      const { rows } = await sql<Row>`select ${columns} from feedback f join users u on u.id = f.user_id
        where (${filter.status ?? null}::text is null or f.status = ${filter.status ?? null})
          and (${range.before}::bigint is null or f.id < ${range.before}::bigint)
        order by f.id desc limit ${range.limit}`.execute(db);
      return rows.map(toOperatorFeedback);
    },

    async one(db: Executor, id: string): Promise<OperatorFeedback | undefined> {
      const { rows } =
        await sql<Row>`select ${columns} from feedback f join users u on u.id = f.user_id where f.id = ${id}::bigint`.execute(
          db,
        );
      return rows[0] ? toOperatorFeedback(rows[0]) : undefined;
    },

    /** A new or changed reply is unread again. */
    async reply(trx: Trx, id: string, reply: string, operator: string, at: Date): Promise<boolean> {
      const result = await trx
        .updateTable('feedback')
        .set({ status: 'replied', reply, replied_by: operator, replied_at: at, reply_read_at: null })
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
  };
}
export type FeedbackRepository = ReturnType<typeof createFeedbackRepository>;
