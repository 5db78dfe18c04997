import type { Notice, Page } from '@wallx/shared';
import type { Db } from '../../platform/db/database.js';
import { decodeCursor, encodeCursor } from '../../platform/pagination/cursor.js';
import type { PageQuery } from '../../platform/pagination/page.js';
import { toPage } from '../../platform/pagination/page.js';
import { EVENT_RETENTION_DAYS, type EventsRepository } from './repository.js';

type Deps = { db: Db; repository: EventsRepository; now?: () => number };

const DAY = 86_400_000;

export function createNoticesService({ db, repository, now = Date.now }: Deps) {
  return {
    /** The inbox, newest first; `read` is what the bell no longer counts. */
    async list(userId: string, query: PageQuery): Promise<Page<Notice>> {
      const [rows, position] = await Promise.all([
        repository.notices(db, userId, { before: decodeCursor(query.cursor), limit: query.limit }),
        repository.position(db, userId),
      ]);
      const readSeq = BigInt(position.readSeq);
      const items = rows.map(
        (row) =>
          ({
            seq: row.seq,
            type: row.type,
            at: row.at.toISOString(),
            payload: row.payload,
            read: BigInt(row.seq) <= readSeq,
          }) as Notice,
      );
      return toPage(items, query.limit, (last) => encodeCursor(last.seq));
    },

    async unread(userId: string): Promise<{ count: number }> {
      return { count: await repository.unread(db, userId) };
    },

    /** Seen up to `seq`: what the inbox showed when it was opened. */
    markRead: (userId: string, seq: string) => repository.markRead(db, userId, seq),

    /** Forgets events older than the horizon; a pass removes them a batch at a time until none is left. */
    async forgetOld(): Promise<number> {
      const cutoff = new Date(now() - EVENT_RETENTION_DAYS * DAY);
      let removed = 0;
      for (;;) {
        const batch = await repository.deleteOlderThan(db, cutoff, 5000);
        removed += batch;
        if (batch < 5000) return removed;
      }
    },
  };
}
export type NoticesService = ReturnType<typeof createNoticesService>;
