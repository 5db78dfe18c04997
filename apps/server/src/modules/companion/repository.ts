import { sql } from 'kysely';
import type { Executor, Trx } from '../../platform/db/database.js';
import { createCompanionUsageRepository } from './repository-usage.js';

export type { DayCounts, DayRow, SettingsRow } from './repository-usage.js';

export type ConversationRow = { id: string; created_at: Date; updated_at: Date; messages: number };
export type MessageRow = {
  id: string;
  role: 'user' | 'assistant';
  body: Uint8Array;
  crisis: boolean;
  created_at: Date;
};
/**
 * The companion's SQL. Every read of a conversation names its owner: a conversation id alone finds
 * nothing (the BOLA rule). Message bodies come and go as ciphertext; nothing here reads them.
 */
export function createCompanionRepository() {
  return {
    ...createCompanionUsageRepository(),
    /** The id a message will have: it is sealed into the ciphertext before the row is written. */
    async nextMessageId(trx: Executor): Promise<string> {
      const { rows } = await sql<{ id: string }>`
        select nextval(pg_get_serial_sequence('companion_messages', 'id'))::text as id`.execute(trx);
      return rows[0]!.id;
    },

    async createConversation(trx: Executor, userId: string): Promise<ConversationRow> {
      const { rows } = await sql<ConversationRow>`
        insert into companion_conversations (user_id) values (${userId})
        returning id::text as id, created_at, updated_at, 0 as messages`.execute(trx);
      return rows[0]!;
    },

    /**
     * The user's own conversation, touched (its time is the new message's) and so locked: two
     * messages to it are written one after the other. One statement: it is on the way to the model.
     */
    async touchConversation(trx: Trx, userId: string, id: string): Promise<{ id: string } | undefined> {
      const { rows } = await sql<{ id: string }>`
        update companion_conversations set updated_at = now() where id = ${id} and user_id = ${userId}
        returning id::text as id`.execute(trx);
      return rows[0];
    },

    async conversation(db: Executor, userId: string, id: string): Promise<ConversationRow | undefined> {
      const { rows } = await sql<ConversationRow>`
        select c.id::text as id, c.created_at, c.updated_at,
          (select count(*)::int from companion_messages m where m.conversation_id = c.id) as messages
        from companion_conversations c where c.id = ${id} and c.user_id = ${userId}`.execute(db);
      return rows[0];
    },

    async conversations(
      db: Executor,
      userId: string,
      range: { before: string | null; limit: number },
    ): Promise<ConversationRow[]> {
      const { rows } = await sql<ConversationRow>`
        select c.id::text as id, c.created_at, c.updated_at,
          (select count(*)::int from companion_messages m where m.conversation_id = c.id) as messages
        from companion_conversations c
        where c.user_id = ${userId} and (${range.before}::bigint is null or c.id < ${range.before}::bigint)
        order by c.id desc limit ${range.limit}`.execute(db);
      return rows;
    },

    /** The last `limit` messages of a conversation, oldest first. */
    async messages(db: Executor, conversationId: string, limit: number): Promise<MessageRow[]> {
      const { rows } = await sql<MessageRow>`
        select id::text as id, role, body, crisis, created_at from (
          select id, role, body, crisis, created_at from companion_messages
          where conversation_id = ${conversationId} order by id desc limit ${limit}
        ) last order by last.id`.execute(db);
      return rows;
    },

    async insertMessage(
      trx: Executor,
      message: {
        id: string;
        conversationId: string;
        userId: string;
        role: 'user' | 'assistant';
        body: Buffer;
        crisis: boolean;
      },
    ): Promise<{ created_at: Date }> {
      const { rows } = await sql<{ created_at: Date }>`
        insert into companion_messages (id, conversation_id, user_id, role, body, crisis)
        values (${message.id}, ${message.conversationId}, ${message.userId}, ${message.role}, ${message.body}, ${message.crisis})
        returning created_at`.execute(trx);
      await sql`update companion_conversations set updated_at = now() where id = ${message.conversationId}`.execute(
        trx,
      );
      return rows[0]!;
    },

    async deleteConversation(db: Executor, userId: string, id: string): Promise<number> {
      const result = await sql`delete from companion_conversations where id = ${id} and user_id = ${userId}`.execute(
        db,
      );
      return Number(result.numAffectedRows ?? 0);
    },

    async deleteConversations(db: Executor, userId: string): Promise<number> {
      const result = await sql`delete from companion_conversations where user_id = ${userId}`.execute(db);
      return Number(result.numAffectedRows ?? 0);
    },

    /**
     * Retention: messages written before `cutoff` go, then conversations left empty that began before
     * it. A batch at a time, so that a backlog never holds one long transaction.
     */
    async forgetBefore(
      db: Executor,
      cutoff: Date,
      batch: number,
    ): Promise<{ messages: number; conversations: number }> {
      const messages = await sql`
        delete from companion_messages where id in (
          select id from companion_messages where created_at < ${cutoff} order by id limit ${batch})`.execute(db);
      const conversations = await sql`
        delete from companion_conversations where id in (
          select c.id from companion_conversations c
          where c.created_at < ${cutoff}
            and not exists (select 1 from companion_messages m where m.conversation_id = c.id)
          order by c.id limit ${batch})`.execute(db);
      return {
        messages: Number(messages.numAffectedRows ?? 0),
        conversations: Number(conversations.numAffectedRows ?? 0),
      };
    },
  };
}
export type CompanionRepository = ReturnType<typeof createCompanionRepository>;
