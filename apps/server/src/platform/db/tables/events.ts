import type { ColumnType } from 'kysely';
import type { CreatedAt } from './columns.js';

// What happened to each user: the event stream and the notice inbox (migration 031).

export interface UserEventSeqsTable {
  user_id: string;
  seq: ColumnType<string, string | undefined, string>;
  read_seq: ColumnType<string, string | undefined, string>;
}

export interface UserEventsTable {
  user_id: ColumnType<string, never, never>;
  /** Given by user_events_add (migration 031), the only writer of this table. */
  seq: ColumnType<string, never, never>;
  type: ColumnType<string, never, never>;
  notice: ColumnType<boolean, never, never>;
  payload: ColumnType<unknown, never, never>;
  created_at: CreatedAt;
}
