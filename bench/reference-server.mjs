// The reference for the API benchmark: a bare Fastify route doing one primary-key select with pg,
// no auth, no validation, no envelope — the ceiling for any authenticated read on this machine.
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
const app = Fastify({ logger: false });
app.get('/ref/user/:id', async (request) => {
  const { rows } = await pool.query('select id, address, share_code from users where id = $1', [
    /** @type {{ id: string }} */ (request.params).id,
  ]);
  return rows[0];
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('reference ready');
