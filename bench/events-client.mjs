// The stream side of `npm run bench -- events`, in a process of its own (started by bench/events.mjs
// with its IPC channel and a raised `ulimit -n`), so that holding thousands of sockets open and
// parsing what they carry costs the driver and the load generator nothing. It opens `GET /api/events`
// streams with node:http, one dedicated connection each (`agent: false`), parses their SSE lightly
// and keeps, per stream, what arrived and when. Commands come over IPC: `open`, `report`, `close`.

import http from 'node:http';

/** @typedef {{ base: string, auth: string, user: string, keep: boolean }} StreamSpec */
/** @typedef {{ spec: StreamSpec, request: http.ClientRequest, readySeq: string | null, closed: boolean, ended: boolean }} Stream */

/** @type {Stream[]} */
const streams = [];
/** Per-user events of the streams that keep them (`keep`): seq, type, when it arrived (epoch ms, sub-ms). */
let received = [];
const counts = { pings: 0, market: 0, events: 0, droppedByServer: 0 };
/** @type {string[]} */
const failures = [];

const now = () => performance.timeOrigin + performance.now();

/** One message per blank line; comment lines (`: ping`) and `retry:` counted or skipped, as EventSource does. */
function parser(stream, onReady) {
  let buffer = '';
  return (chunk) => {
    buffer += chunk;
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (block.startsWith(':')) {
        counts.pings++;
        continue;
      }
      let event = 'message';
      let id = null;
      let data = '';
      for (const line of block.split('\n')) {
        if (line.startsWith('event: ')) event = line.slice(7);
        else if (line.startsWith('id: ')) id = line.slice(4);
        else if (line.startsWith('data: ')) data = line.slice(6);
      }
      if (event === 'ready') {
        stream.readySeq = JSON.parse(data).seq;
        onReady();
      } else if (event === 'market') counts.market++;
      else {
        counts.events++;
        if (stream.spec.keep) received.push({ user: stream.spec.user, seq: id, type: event, at: now() });
      }
    }
  };
}

/** Opens one stream; resolves when its `ready` arrived (true) or it was refused (false). */
function openOne(spec) {
  return new Promise((resolve) => {
    /** @type {Stream} */
    const stream = { spec, request: /** @type {any} */ (null), readySeq: null, closed: false, ended: false };
    let settled = false;
    const settle = (ok) => {
      if (settled) return;
      settled = true;
      resolve(ok);
    };
    const request = http.get(`${spec.base}/api/events`, { agent: false, headers: { authorization: spec.auth } });
    stream.request = request;
    request.on('error', (error) => {
      if (!settled) failures.push(`${spec.base} ${error.message}`);
      settle(false);
    });
    request.on('response', (response) => {
      response.setEncoding('utf8');
      if (response.statusCode !== 200) {
        let body = '';
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => {
          failures.push(`${spec.base} ${response.statusCode} ${body.slice(0, 200)}`);
          settle(false);
        });
        return;
      }
      streams.push(stream);
      const parse = parser(stream, () => settle(true));
      response.on('data', parse);
      response.on('close', () => {
        stream.ended = true;
        if (!stream.closed) counts.droppedByServer++;
        settle(false);
      });
    });
  });
}

/** Opens `specs` with at most `concurrency` openings in flight. */
async function openAll(specs, concurrency) {
  const started = now();
  let next = 0;
  let opened = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, specs.length) }, async () => {
      while (next < specs.length) {
        if (await openOne(specs[next++])) opened++;
      }
    }),
  );
  return { opened, failed: specs.length - opened, ms: now() - started };
}

process.on('message', async (/** @type {any} */ message) => {
  const reply = (body) => process.send?.({ id: message.id, ...body });
  if (message.cmd === 'open') {
    reply(await openAll(message.streams, message.concurrency ?? 100));
  } else if (message.cmd === 'report') {
    const cpu = process.cpuUsage();
    reply({
      open: streams.filter((s) => !s.ended).length,
      ready: streams.map((s) => ({ user: s.spec.user, keep: s.spec.keep, seq: s.readySeq })).filter((s) => s.keep),
      counts: { ...counts },
      failures: failures.slice(0, 5),
      failureCount: failures.length,
      received,
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
      rssBytes: process.memoryUsage().rss,
    });
    received = [];
  } else if (message.cmd === 'close') {
    for (const s of streams) {
      s.closed = true;
      s.request.destroy();
    }
    streams.length = 0;
    received = [];
    failures.length = 0;
    Object.assign(counts, { pings: 0, market: 0, events: 0, droppedByServer: 0 });
    reply({ closed: true });
  }
});
process.on('disconnect', () => process.exit(0));
