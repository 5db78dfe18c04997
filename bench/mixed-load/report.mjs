// What a run is reported by: job traces, CPU used, per-endpoint figures, Markdown tables in bench/results.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { percentile, root } from '../lib.mjs';

/** The leased jobs, by the lease names they take. */
export const JOBS = {
  'miner-output': (lease) => lease === 'miner-output',
  'market-expiry': (lease) => lease === 'market-expiry',
  'deposit-scanner': (lease) => lease.startsWith('deposits:'),
  'payout-worker': (lease) => lease.startsWith('payout:'),
};

export function readTraces(files) {
  return files.flatMap((file) =>
    fs.existsSync(file)
      ? fs
          .readFileSync(file, 'utf8')
          .trim()
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line))
      : [],
  );
}

/**
 * CPU seconds used so far by the PostgreSQL backends connected to `databaseUrl`'s database (the
 * servers' pools), by pid: PostgreSQL runs on this machine, so /proc has them.
 */
export async function databaseCpu(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return new Map(rows.map((r) => [r.pid, cpuSeconds(r.pid)]));
  } finally {
    await client.end();
  }
}

/** CPU seconds between two `databaseCpu` readings: backends there at both, plus the whole of those that came later. */
export function databaseCpuBetween(before, after) {
  let sum = 0;
  for (const [pid, seconds] of after) sum += seconds - (before.get(pid) ?? 0);
  return sum;
}

/** CPU seconds a process has used so far (user + system, from /proc; 0 where there is no /proc). */
export function cpuSeconds(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime, fields 14 and 15 of stat, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** Per endpoint: requests answered per second, p50 and p99 in ms, outcome counts. */
export function endpointTable(stats, seconds) {
  const rows = {};
  for (const [route, s] of [...stats.routes.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const sorted = [...s.latencies].sort((a, b) => a - b);
    rows[route] = {
      requests: sorted.length,
      rps: sorted.length / seconds,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      ok: s.ok,
      refused: [...s.refused.values()].reduce((a, b) => a + b, 0),
      refusedBy: Object.fromEntries(s.refused),
      errors: [...s.errors.values()].reduce((a, b) => a + b, 0),
      errorsBy: Object.fromEntries(s.errors),
      unanswered: s.unanswered,
      converged: s.converged,
    };
  }
  return rows;
}

/** A Markdown table of `rows` (objects) under the given column names. */
export function markdownTable(columns, rows) {
  const cell = (v) => String(v ?? '').replaceAll('|', '\\|');
  return [
    `| ${columns.join(' | ')} |`,
    `|${columns.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${columns.map((c) => cell(r[c])).join(' | ')} |`),
  ].join('\n');
}

/** The figures of a benchmark's last run, kept in bench/results/<name>.md ("results in bench/"). */
export function writeResults(name, text) {
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(path.join(root, 'bench/results', `${name}.md`), text);
}
