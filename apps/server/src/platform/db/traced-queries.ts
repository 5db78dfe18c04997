import type { KyselyConfig, LogEvent } from 'kysely';
import { isRecording, isTracing, recordSpan } from '../tracing/tracing.js';

/** `SELECT users`, `INSERT withdrawals`: the statement and its first table, as span names go (never the values). */
function spanName(text: string): string {
  const operation = /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? 'SQL';
  const table = /\b(?:from|into|update)\s+"?([\w.]+)"?/i.exec(text)?.[1];
  return table ? `${operation} ${table}` : operation;
}

/**
 * Kysely's `log` when tracing: each query a span, a child of the request's or the job's, timed as
 * Kysely timed it. Its text is the parameterised SQL: values, addresses and hashes stay out of the
 * trace. Not tracing: undefined, and Kysely times nothing.
 */
export function tracedQueries(): KyselyConfig['log'] {
  if (!isTracing()) return undefined;
  return (event: LogEvent) => {
    if (!isRecording()) return;
    const endedAt = performance.timeOrigin + performance.now();
    recordSpan(
      spanName(event.query.sql),
      { 'db.system.name': 'postgresql', 'db.query.text': event.query.sql },
      endedAt - event.queryDurationMillis,
      endedAt,
      event.level === 'error' ? event.error : undefined,
    );
  };
}
