import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt } from './columns.js';

// What happened to each user: the event stream and the notice inbox (migration 031).

export interface UserEventSeqsTable {
  user_id: string;
  seq: ColumnType<string, string | undefined, string>;
  read_seq: ColumnType<string, string | undefined, string>;
}

export interface UserEventsTable {
  id: Generated<string>;
  user_id: string;
  /** Given at commit by the database (031's trigger); never written by the app. */
  seq: ColumnType<string | null, never, never>;
  type: string;
  notice: Generated<boolean>;
  payload: ColumnType<unknown, string, never>;
  created_at: CreatedAt;
}
