import type { Db, Trx } from './database.js';

// serialization_failure, deadlock_detected: PostgreSQL asks the client to run the transaction again.
const RETRYABLE = new Set(['40001', '40P01']);
const MAX_ATTEMPTS = 4;

function isRetryable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && RETRYABLE.has(code);
}

/**
 * Runs `work` in a transaction, again from the start when PostgreSQL reports a deadlock or a
 * serialization failure, so those never reach a user. `work` must be safe to re-run: it only touches
 * the database through `trx`.
 */
export function transaction<T>(db: Db, work: (trx: Trx) => Promise<T>): Promise<T> {
  return retrying(() => db.transaction().execute(work));
}

/** Runs `attempt` again when PostgreSQL reports a deadlock or a serialization failure. */
export async function retrying<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS || !isRetryable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, attempt * 5 + Math.random() * 10));
    }
  }
}
