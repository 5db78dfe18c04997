import type { CompanionDeps } from './deps.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows deleted per statement: a backlog drains over several statements, none of them long. */
const BATCH = 1000;

/**
 * The retention job (issue 49): messages older than COMPANION_RETENTION_DAYS are deleted, and the
 * conversations they leave empty. Leased (schedule.ts) so that one instance runs it at a time; a
 * second run finds nothing left to delete, so it is safe either way.
 */
export function createCompanionRetention({ db, repository, config, now = Date.now }: CompanionDeps) {
  return {
    async forgetOld(): Promise<{ messages: number; conversations: number }> {
      const cutoff = new Date(now() - config.retentionDays * DAY_MS);
      const total = { messages: 0, conversations: 0 };
      for (;;) {
        const pass = await repository.forgetBefore(db, cutoff, BATCH);
        total.messages += pass.messages;
        total.conversations += pass.conversations;
        if (pass.messages < BATCH && pass.conversations < BATCH) return total;
      }
    },
  };
}
export type CompanionRetention = ReturnType<typeof createCompanionRetention>;
