import { CompiledQuery, type Compilable } from 'kysely';
import type { Executor } from './database.js';

/**
 * A query built and compiled once, then run with new parameter values. Building and compiling a
 * Kysely query with joins and subqueries costs ~90 µs, more than PostgreSQL needs to run it; the
 * hottest reads use this. `build` receives placeholders and must use each only as a value.
 */
export function prepared<P extends unknown[], R>(build: (...params: P) => Compilable<R>) {
  let template: { compiled: CompiledQuery<R>; slots: (number | null)[] } | null = null;

  function compile(arity: number) {
    const placeholders = Array.from({ length: arity }, (_, i) => `\u0001wallx-param-${i}`);
    const compiled = build(...(placeholders as P)).compile();
    const slots = compiled.parameters
      .map((p) => (typeof p === 'string' ? placeholders.indexOf(p) : -1))
      .map((i) => (i >= 0 ? i : null));
    return { compiled, slots };
  }

  return async (db: Executor, ...params: P): Promise<R[]> => {
    template ??= compile(params.length);
    const { compiled, slots } = template;
    const parameters = compiled.parameters.map((fixed, i) => {
      const slot = slots[i];
      return slot === null || slot === undefined ? fixed : params[slot];
    });
    const result = await db.executeQuery(CompiledQuery.raw(compiled.sql, parameters) as CompiledQuery<R>);
    return result.rows;
  };
}
