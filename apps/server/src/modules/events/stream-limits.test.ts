import http from 'node:http';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../../test/event-stream.js';
import { buildTestApp, login, type Auth, type TestApp } from '../../test/helpers.js';

type Opened = Awaited<ReturnType<typeof openEventStream>>;

const PER_USER = 5;
const PER_IP = 7;
const PER_INSTANCE = 10;

/**
 * Issue 44, finding 4: the caps on `GET /api/events` hold under real parallel opens (80 at once, over
 * HTTP: on PostgreSQL the requests' session checks run side by side, so a cap checked before an
 * awaited read and counted after it lets most of them through), and every way a stream ends gives
 * its places back. Behind one trusted proxy, so each test names its client's address.
 */
describe('the caps on event streams', () => {
  let t: TestApp;
  let base: string;
  const caps = { maxStreamsPerUser: PER_USER, maxStreamsPerIp: PER_IP, maxStreams: 1000 };
  beforeAll(async () => {
    t = await buildTestApp({
      config: { trustProxy: 1, events: { heartbeatMs: 60_000, pollMs: 50, ...caps } },
    });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const open = (url: string, auth: Auth, ip: string) => openEventStream(url, { ...auth, 'x-forwarded-for': ip });
  const codeOf = (refused: Opened) => (JSON.parse(refused.body) as { code: number }).code;
  /** Opens every one at once; answers the streams opened and the codes of those refused. */
  async function race(opens: (() => Promise<Opened>)[]) {
    const answers = await Promise.all(opens.map((go) => go()));
    const opened = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    for (const answer of refused) expect(answer.status).toBe(429);
    return { opened, codes: refused.map(codeOf) };
  }
  const closeAll = async (streams: Opened[]) => {
    for (const stream of streams) stream.close();
    await Promise.all(streams.map((s) => s.ended));
  };
  /**
   * Opens `count` streams one after another, each retried while refused (a closed stream's place is
   * given back when the server sees its connection close, a moment after the client does); fails if
   * a place is not back within 5 s.
   */
  async function openEach(count: number, go: (index: number) => Promise<Opened>) {
    const streams: Opened[] = [];
    const giveUpAt = Date.now() + 5000;
    while (streams.length < count) {
      const stream = await go(streams.length);
      if (stream.status === 200) streams.push(stream);
      else if (Date.now() > giveUpAt) {
        await closeAll(streams);
        throw new Error(`only ${streams.length} of ${count} places came back; then ${stream.status} ${stream.body}`);
      } else await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return streams;
  }
  const users = (n: number) => Promise.all(Array.from({ length: n }, () => login(t.app)));

  it('80 opens at once by one user: exactly the cap opens, the rest are 429 event_streams_too_many; a closed stream gives its place back', async () => {
    const erin = await login(t.app);
    const { opened, codes } = await race(Array.from({ length: 80 }, () => () => open(base, erin.auth, '10.0.1.1')));
    expect(opened).toHaveLength(PER_USER);
    expect(codes).toEqual(Array(80 - PER_USER).fill(7008));
    for (const stream of opened) expect((await stream.next((m) => m.event === 'ready')).event).toBe('ready');
    await closeAll(opened);
    const again = await openEach(PER_USER, () => open(base, erin.auth, '10.0.1.1'));
    const extra = await open(base, erin.auth, '10.0.1.1');
    expect([extra.status, extra.status === 200 ? 0 : codeOf(extra)]).toEqual([429, 7008]);
    await closeAll(again);
  });

  it('80 opens at once from one IPv4 address (16 users, 5 each): exactly the per-IP cap opens, the rest are 429 event_streams_network_too_many; the next address is counted apart', async () => {
    const many = await users(16);
    const { opened, codes } = await race(
      many.flatMap((user) => Array.from({ length: 5 }, () => () => open(base, user.auth, '10.0.2.1'))),
    );
    expect(opened).toHaveLength(PER_IP);
    expect(codes).toEqual(Array(80 - PER_IP).fill(7009));
    const neighbour = await open(base, (await login(t.app)).auth, '10.0.2.2');
    expect(neighbour.status).toBe(200);
    await closeAll([...opened, neighbour]);
    const again = await openEach(PER_IP, (i) => open(base, many[i]!.auth, '10.0.2.1'));
    await closeAll(again);
  });

  it('IPv6 addresses count by their /64: 80 opens at once from one /64 open exactly the per-IP cap; another /64 still opens', async () => {
    const many = await users(16);
    const { opened, codes } = await race(
      many.flatMap((user, u) =>
        Array.from({ length: 5 }, (_, i) => () => open(base, user.auth, `2001:db8:a:b:${u.toString(16)}::${i + 1}`)),
      ),
    );
    expect(opened).toHaveLength(PER_IP);
    expect(codes).toEqual(Array(80 - PER_IP).fill(7009));
    const otherNetwork = await open(base, (await login(t.app)).auth, '2001:db8:a:c::1');
    expect(otherNetwork.status).toBe(200);
    await closeAll([...opened, otherNetwork]);
  });

  it('a client that goes away while its stream is being set up gives its place back', async () => {
    const fay = await login(t.app);
    // Each request is sent whole, then its connection is cut before any answer: the server runs the
    // session check and the stream's setup for a client already gone.
    await Promise.all(
      Array.from(
        { length: 20 },
        () =>
          new Promise<void>((resolve) => {
            const request = http.get(`${base}/api/events`, {
              agent: false,
              headers: { ...fay.auth, 'x-forwarded-for': '10.0.3.1' },
            });
            request.on('error', () => resolve());
            request.on('close', () => resolve());
            request.on('finish', () => request.destroy());
          }),
      ),
    );
    const held = await openEach(PER_USER, () => open(base, fay.auth, '10.0.3.1'));
    await closeAll(held);
  });

  it('a setup whose read fails answers 500 and gives its place back', async () => {
    const gus = await login(t.app);
    await sql`alter table user_event_seqs rename to user_event_seqs_away`.execute(t.database.db);
    let failed: Opened[];
    try {
      failed = await Promise.all(Array.from({ length: PER_USER }, () => open(base, gus.auth, '10.0.4.1')));
    } finally {
      await sql`alter table user_event_seqs_away rename to user_event_seqs`.execute(t.database.db);
    }
    expect(failed.map((f) => f.status)).toEqual(Array(PER_USER).fill(500));
    const held = await openEach(PER_USER, () => open(base, gus.auth, '10.0.4.1'));
    await closeAll(held);
  });

  it('an instance holds at most its cap of streams, whoever opens them: 80 at once from 80 addresses, exactly the cap open', async () => {
    // A second instance of the deployment, with a cap of its own and no stream yet.
    const small = await buildTestApp({
      database: t.database,
      keys: t.keys,
      config: { trustProxy: 1, events: { heartbeatMs: 60_000, pollMs: 50, ...caps, maxStreams: PER_INSTANCE } },
    });
    try {
      const smallBase = await small.app.listen({ port: 0, host: '127.0.0.1' });
      const many = await users(16);
      const { opened, codes } = await race(
        many.flatMap((user, u) =>
          Array.from({ length: 5 }, (_, i) => () => open(smallBase, user.auth, `10.9.${u}.${i + 1}`)),
        ),
      );
      expect(opened).toHaveLength(PER_INSTANCE);
      expect(codes).toEqual(Array(80 - PER_INSTANCE).fill(7010));
      await closeAll(opened);
      const again = await openEach(PER_INSTANCE, (i) => open(smallBase, many[i]!.auth, `10.8.0.${i + 1}`));
      await closeAll(again);
    } finally {
      await small.close();
    }
  });
});
