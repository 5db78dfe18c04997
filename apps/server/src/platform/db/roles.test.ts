import crypto from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildTestApp, login, operatorLogin } from '../../test/helpers.js';
import { openDatabase } from './database.js';
import { migrateAsOwner } from './migrate.js';

/**
 * The deployment docs/configuration.md describes: the migrations run as a role that owns the schema
 * (MIGRATION_DATABASE_URL), the server as a role that only reads and writes rows (DATABASE_URL). The
 * audit log's append-only trigger then belongs to a role the server is not, so a compromised server
 * cannot switch it off. Roles are the server's to test, not PGlite's (one user there).
 */
describe.skipIf(process.env.TEST_DB !== 'postgres')('database roles (PostgreSQL)', () => {
  it('the server’s role works the app, but cannot alter, disable or drop the audit trigger, nor rewrite the log', async () => {
    const base = process.env.TEST_DATABASE_URL!;
    const tag = crypto.randomBytes(4).toString('hex');
    const schema = `roles_${tag}`;
    const owner = { name: `wallx_owner_${tag}`, password: crypto.randomBytes(12).toString('hex') };
    const server = { name: `wallx_app_${tag}`, password: crypto.randomBytes(12).toString('hex') };
    const urlOf = (role: { name: string; password: string }) => {
      const url = new URL(base);
      url.username = role.name;
      url.password = role.password;
      return url.toString();
    };
    const admin = await openDatabase({ kind: 'postgres', url: base, poolSize: 1 });
    // As docs/configuration.md ("Database roles") has the operator run them, for this test's schema.
    const setup = [
      `create role ${owner.name} login password '${owner.password}'`,
      `create role ${server.name} login password '${server.password}'`,
      `create schema ${schema} authorization ${owner.name}`,
      `grant usage on schema ${schema} to ${server.name}`,
      `alter default privileges for role ${owner.name} in schema ${schema} grant select, insert, update, delete on tables to ${server.name}`,
      `alter default privileges for role ${owner.name} in schema ${schema} grant usage, select on sequences to ${server.name}`,
    ];
    for (const statement of setup) await sql.raw(statement).execute(admin.db);
    const ownerDb = await openDatabase({ kind: 'postgres', url: urlOf(owner), schema, poolSize: 1 });
    const serverDb = await openDatabase({ kind: 'postgres', url: urlOf(server), schema, poolSize: 10 });
    try {
      // As the server starts with MIGRATION_DATABASE_URL: its own connection, the owner's for the migrations.
      expect((await migrateAsOwner(serverDb.db, urlOf(owner), schema)).length).toBeGreaterThan(20);
      const owners = await sql<{
        tableowner: string;
      }>`select distinct tableowner from pg_tables where schemaname = ${schema}`.execute(admin.db);
      expect(owners.rows).toEqual([{ tableowner: owner.name }]);

      // The app runs on the server's role: a sign-in, a console sign-in (an audit row), a fund password.
      const t = await buildTestApp({ database: { ...serverDb, close: async () => {} } });
      try {
        const user = await login(t.app);
        const console = await operatorLogin(t.app, 'support');
        expect(
          (
            await t.app.inject({ method: 'GET', url: '/api/admin/audit?action=operator.login', headers: console })
          ).json().data.items.length,
        ).toBeGreaterThan(0);
        expect((await t.injectAs(user, 'GET /api/user/info')).json().code).toBe(0);
      } finally {
        await t.close();
      }

      const refused = async (statement: string, reason: RegExp) => {
        await expect(sql.raw(statement).execute(serverDb.db), statement).rejects.toThrow(reason);
      };
      await refused('alter table operator_audit disable trigger operator_audit_append_only', /must be owner/);
      await refused('drop trigger operator_audit_append_only on operator_audit', /must be owner/);
      await refused('drop table operator_audit', /must be owner/);
      await refused(
        'create or replace function operator_audit_append_only() returns trigger language plpgsql as $$ begin return new; end $$',
        /must be owner|permission denied/,
      );
      await refused('truncate operator_audit', /permission denied/);
      await refused("update operator_audit set action = 'x'", /append-only/);
      await refused('delete from operator_audit', /append-only/);
      await refused('create table escape_hatch (id int)', /permission denied/);
      // The same holds for the ledger: what the books say cannot be rewritten by the server.
      await refused('alter table ledger_entries disable trigger ledger_entries_no_update', /must be owner/);
      // ...and the owner, who ran the migrations, still can: the trigger is theirs.
      await sql`alter table operator_audit disable trigger operator_audit_append_only`.execute(ownerDb.db);
      await sql`alter table operator_audit enable trigger operator_audit_append_only`.execute(ownerDb.db);
    } finally {
      await serverDb.close();
      await ownerDb.close();
      await sql.raw(`drop schema ${schema} cascade`).execute(admin.db);
      for (const role of [server, owner]) {
        await sql.raw(`drop owned by ${role.name} cascade`).execute(admin.db);
        await sql.raw(`drop role ${role.name}`).execute(admin.db);
      }
      await admin.close();
    }
  });
});
