import type { Executor } from '../../platform/db/database.js';
import { currentRequestId } from '../../platform/tracing/tracing.js';

/** One operator action, kept for ever: who did what to which row, and the row before and after. */
export type AuditEntry = {
  operator: string;
  action: string;
  subjectType: string;
  subjectId: string;
  before?: unknown;
  after?: unknown;
  detail?: unknown;
};

/** Written in the transaction of the change it records: no change without its row, no row without its change. */
export async function recordAudit(trx: Executor, entry: AuditEntry): Promise<void> {
  const detail = entry.detail ?? { before: entry.before ?? null, after: entry.after ?? null };
  await trx
    .insertInto('operator_audit')
    .values({
      operator: entry.operator,
      action: entry.action,
      subject_type: entry.subjectType,
      subject_id: entry.subjectId,
      detail: JSON.stringify(detail),
      // The operator's request (its X-Request-Id): the row and the request's log lines name each other.
      request_id: currentRequestId(),
    })
    .execute();
}
