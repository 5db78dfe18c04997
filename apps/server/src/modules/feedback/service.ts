import type { Feedback, FeedbackRequest, FeedbackStatus, OperatorFeedback, Page } from '@wallx/shared';
import { FEEDBACK_PER_DAY, FEEDBACK_PER_HOUR } from '@wallx/shared';
import { recordAudit } from '../../kernel/audit/audit.js';
import { refuseOwnAccount } from '../../kernel/audit/own-account.js';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors/app-error.js';
import { pageById, type PageQuery } from '../../platform/pagination/page.js';
import type { UserEvents } from '../../kernel/user-events/user-events.js';
import type { FeedbackRepository } from './repository.js';

type Deps = { db: Db; events: UserEvents; feedback: FeedbackRepository; now?: () => number };

const HOUR = 3_600_000;

export function createFeedbackService({ db, events, feedback, now = Date.now }: Deps) {
  return {
    /** Counted in the database under the user's row lock: the same limit on every instance, however requests race. */
    async send(userId: string, input: Required<FeedbackRequest>): Promise<Feedback> {
      return db.transaction().execute(async (trx) => {
        await feedback.lockUser(trx, userId);
        const at = now();
        const [lastHour, lastDay] = await Promise.all([
          feedback.countSince(trx, userId, new Date(at - HOUR)),
          feedback.countSince(trx, userId, new Date(at - 24 * HOUR)),
        ]);
        if (lastHour >= FEEDBACK_PER_HOUR || lastDay >= FEEDBACK_PER_DAY) throw new AppError('feedback_too_many');
        const id = await feedback.insert(trx, userId, input, new Date(at));
        return (await feedback.mine(trx, userId, { before: null, limit: 1, ids: [id] }))[0]!;
      });
    },

    mine(userId: string, query: PageQuery): Promise<Page<Feedback>> {
      return pageById(query, (range) => feedback.mine(db, userId, range));
    },

    async unread(userId: string): Promise<{ count: number }> {
      return { count: await feedback.unreadCount(db, userId) };
    },

    /** The user has seen the replies: the badge goes. */
    async markRead(userId: string): Promise<void> {
      await feedback.markRead(db, userId, new Date(now()));
    },

    all(query: PageQuery & { status?: FeedbackStatus | undefined }): Promise<Page<OperatorFeedback>> {
      return pageById(query, (range) => feedback.all(db, { status: query.status }, range));
    },

    async reply(operator: string, id: string, reply: string): Promise<OperatorFeedback> {
      return db.transaction().execute(async (trx) => {
        const before = await feedback.one(trx, id);
        if (!before) throw new AppError('feedback_not_found', { field: 'id' });
        await refuseOwnAccount(trx, operator, before.user, 'id');
        await feedback.reply(trx, id, reply, operator, new Date(now()));
        const after = (await feedback.one(trx, id))!;
        await events.emit(trx, {
          userId: { address: after.user },
          type: 'feedback_reply',
          payload: { id, title: after.title },
        });
        await recordAudit(trx, {
          operator,
          action: 'feedback.reply',
          subjectType: 'feedback',
          subjectId: id,
          before: { status: before.status, reply: before.reply },
          after: { status: after.status, reply: after.reply },
        });
        return after;
      });
    },
  };
}
export type FeedbackService = ReturnType<typeof createFeedbackService>;
