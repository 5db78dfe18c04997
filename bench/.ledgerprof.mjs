// Scratch: the posting statement alone under pgbench, beside pgbench's two-row transfer.
import fs from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { sql } from 'kysely';
import { freshDatabase, root } from './lib.mjs';
const dist = (p) => path.join(root, 'apps/server/dist', p);
const { openDatabase } = await import(dist('platform/db/database.js'));
const { migrate } = await import(dist('platform/db/migrate.js'));
const { createLedger } = await import(dist('kernel/ledger/ledger.js'));
const database = await freshDatabase('wallx_ledgerprof');
const handle = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 4 });
await migrate(handle.db);
await sql`insert into users (address, share_code) select '0x' || lpad(to_hex(g), 40, '0'), 'L' || lpad(g::text, 7, '0') from generate_series(1, 1000) g`.execute(handle.db);
await sql`insert into accounts (user_id, kind, asset) select id, 'user', a from users, (values ('USDT'), ('WALLX')) v(a)`.execute(handle.db);
await sql`update accounts set balance = 1000000000 where kind = 'user'`.execute(handle.db);
await sql`create table bench_accounts (id bigint primary key, balance numeric(38, 18) not null check (balance >= 0))`.execute(handle.db);
await sql`insert into bench_accounts select row_number() over (order by id), balance from accounts where kind = 'user' and asset = 'USDT'`.execute(handle.db);
await sql`create table bench_history (from_id bigint, to_id bigint, amount numeric(38, 18), at timestamptz default now())`.execute(handle.db);
await sql`analyze`.execute(handle.db);
for (const stmt of (process.env.PRE ?? '').split(';').filter(Boolean)) await sql.raw(stmt).execute(handle.db);
const src = fs.readFileSync(dist('kernel/ledger/ledger.js'), 'utf8');
const m = /const POST_SQL = `([\s\S]*?)`;/.exec(src);
let post = m[1].replace('${NEW_SLOT}', 'floor(random() * 2147483647)::int');
// $1 asset $2 users $3 debitUser $4 amount $5 n $6 debitPlatform $7 debit type $8 creditUser $9 creditPlatform $10 credit type $11 $12 ref $13 notice
const { rows: ids } = await sql`select min(id)::int as lo, max(id)::int as hi from users`.execute(handle.db);
const { lo, hi } = ids[0];
const body = post.replace(/\$(\d+)(::[a-z\[\]]+)?/g, (all, n, cast) => {
  const map = { 1: "'USDT'", 2: "ARRAY[:a, :b]::bigint[]", 3: ':a::bigint', 4: "'1'::numeric", 5: '2', 6: 'null::bigint', 7: "'transfer_out'", 8: ':b::bigint', 9: 'null::bigint', 10: "'transfer_in'", 11: 'null::text', 12: 'null::text', 13: 'true' };
  return map[n];
});
const ctes = (text) => {
  // split 'with a as (...), b as (...) select ...' into parts by top-level ', name as ('
  const out = []; let depth = 0, start = text.indexOf('with ') + 5, i = start;
  for (; i < text.length; i++) {
    const c = text[i];
    if (c === '(') depth++;
    else if (c === ')') { depth--; if (depth === 0) { out.push(text.slice(start, i + 1).trim()); let j = i + 1; while (/[\s,]/.test(text[j])) j++; if (!/^[a-z_]+ as \(/.test(text.slice(j))) { return { ctes: out, tail: text.slice(j) }; } start = j; } }
  }
};
const parts = ctes(body);
const without = (names) => 'with ' + parts.ctes.filter((c) => !names.includes(c.split(' ')[0])).join(',\n') + '\n' + parts.tail;
const variants = {
  no_events: without(['counted', 'told']).replace(/\s+/g, ' ') + ';\n',
  no_entries: without(['entries']).replace(/select \(select transaction_id from entries limit 1\)/, 'select 1').replace(/\(select transaction_id from entries limit 1\) as transaction_id,\s*\(select created_at from entries limit 1\) as created_at/, '1 as x').replace(/\s+/g, ' ') + ';\n',
  no_events_entries: without(['counted', 'told', 'entries']).replace(/\(select transaction_id from entries limit 1\) as transaction_id,\s*\(select created_at from entries limit 1\) as created_at/, '1 as x').replace(/\s+/g, ' ') + ';\n',
  upd_counter: body.replace(/insert into user_event_seqs as s \(user_id, seq\)\s+select user_id, 1 from moved order by user_id\s+on conflict \(user_id\) do update set seq = s.seq \+ 1\s+returning s.user_id, s.seq/, 'update user_event_seqs s set seq = s.seq + 1 from (select user_id from moved order by user_id) m where s.user_id = m.user_id returning s.user_id, s.seq').replace(/\s+/g, ' ') + ';\n',
  no_lock: body.replace(/order by id\s+for update/, 'order by id').replace(/\s+/g, ' ') + ';\n',

  pgbench_transfer: `BEGIN;\nUPDATE bench_accounts SET balance = balance + CASE WHEN id = :a THEN -1 ELSE 1 END WHERE id IN (:a, :b);\nINSERT INTO bench_history (from_id, to_id, amount) VALUES (:a, :b, 1);\nEND;\n`,
  posting: body.replace(/\s+/g, ' ') + ';\n',
};
const u = new URL(database.url);
for (const [name, script] of Object.entries(variants)) {
  const file = `/tmp/lp/${name}.sql`;
  const lohi = name === 'pgbench_transfer' ? [1, 1000] : [lo, hi];
  fs.writeFileSync(file, `\\set a random(${lohi[0]}, ${lohi[1]})\n\\set b random(${lohi[0]}, ${lohi[1]})\n\\if :a = :b\n\\set b ${lohi[0]} + (:a - ${lohi[0]} + 1) % (${lohi[1]} - ${lohi[0]} + 1)\n\\endif\n` + script.replace(/(?<!\n)\n(?!$)/g, ' '));
}
const runs = (process.env.RUNS ?? 'pgbench_transfer,posting,pgbench_transfer,posting').split(',');
for (const name of runs) {
  await sql`select pg_stat_reset_shared('wal')`.execute(handle.db);
  const r = spawnSync('pgbench', ['-h', u.hostname, '-U', 'postgres', '-n', '-M', 'prepared', '-c', '16', '-j', '2', '-T', process.env.T ?? '8', '-f', `/tmp/lp/${name}.sql`, u.pathname.slice(1)], { encoding: 'utf8' });
  const { rows: w } = await sql`select wal_records, wal_fpi, wal_bytes, wal_write, wal_sync from pg_stat_wal`.execute(handle.db);
  const tx = Number(/number of transactions actually processed: (\d+)/.exec(r.stdout)?.[1]);
  const ww = w[0];
  console.log(name, /tps = ([\d.]+)/.exec(r.stdout)?.[1] ?? r.stdout + r.stderr, 'per tx: records', (ww.wal_records / tx).toFixed(1), 'fpi', (ww.wal_fpi / tx).toFixed(3), 'bytes', (ww.wal_bytes / tx).toFixed(0), 'syncs/tx', (ww.wal_sync / tx).toFixed(3));
}
if (process.env.KEEP) console.log(database.url); else { await handle.close(); await database.drop(); }
