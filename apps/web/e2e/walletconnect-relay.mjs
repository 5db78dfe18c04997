// A stand-in for WalletConnect's relay, for the browser tests (there is no network here): the real
// client libraries on both sides (the app's, and the test's wallet) speak to it. It keeps the
// protocol's part a pairing and a request need: subscriptions per topic, publishing to the other
// subscribers, a mailbox for messages published before the other side subscribed, and the session
// proposal and approval methods of @walletconnect/core 2.2x. Authentication and project ids are
// not checked; messages are end-to-end encrypted by the clients and never read here.
import { WebSocketServer } from 'ws';

export function startRelay(port) {
  const server = new WebSocketServer({ host: '127.0.0.1', port });
  const subscribers = new Map(); // topic → Set of sockets
  const mailbox = new Map(); // topic → [{ data, from, expires }]
  let next = 1;

  const push = (socket, data) =>
    socket.send(
      JSON.stringify({
        id: Date.now() * 1000 + (next++ % 1000),
        jsonrpc: '2.0',
        method: 'irn_subscription',
        params: { id: `${socket.id}:${data.topic}`, data },
      }),
    );
  const subscribe = (socket, topic) => {
    if (!subscribers.has(topic)) subscribers.set(topic, new Set());
    subscribers.get(topic).add(socket);
    for (const held of mailbox.get(topic) ?? [])
      if (held.from !== socket && held.expires > Date.now()) push(socket, held.data);
    return `${socket.id}:${topic}`;
  };
  // `attestation: ''` tells the clients there is no Verify attestation to fetch.
  const publish = (from, topic, message, ttl = 300, tag = 0) => {
    const data = { topic, message, publishedAt: Date.now(), tag, attestation: '' };
    if (!mailbox.has(topic)) mailbox.set(topic, []);
    mailbox.get(topic).push({ data, from, expires: Date.now() + ttl * 1000 });
    for (const socket of subscribers.get(topic) ?? []) if (socket !== from) push(socket, data);
  };

  server.on('connection', (socket) => {
    socket.id = String(next++);
    // The clients close a socket that has heard nothing for 35 s.
    const ping = setInterval(() => socket.ping(), 20_000);
    socket.on('close', () => {
      clearInterval(ping);
      for (const set of subscribers.values()) set.delete(socket);
    });
    socket.on('message', (raw) => {
      const message = JSON.parse(raw.toString());
      if (!message.method) return; // an acknowledgement of a pushed message
      const p = message.params ?? {};
      let result = true;
      switch (message.method) {
        case 'irn_subscribe':
          result = subscribe(socket, p.topic);
          break;
        case 'irn_batchSubscribe':
          result = p.topics.map((topic) => subscribe(socket, topic));
          break;
        case 'irn_unsubscribe':
          subscribers.get(p.topic)?.delete(socket);
          break;
        case 'irn_batchUnsubscribe':
          for (const { topic } of p.subscriptions ?? []) subscribers.get(topic)?.delete(socket);
          break;
        case 'irn_publish':
          publish(socket, p.topic, p.message, p.ttl, p.tag);
          break;
        case 'irn_batchFetchMessages':
          result = { messages: [], hasMore: false };
          break;
        case 'wc_proposeSession':
          subscribe(socket, p.pairingTopic);
          publish(socket, p.pairingTopic, p.sessionProposal, p.ttl, p.tag ?? 1100);
          break;
        case 'wc_approveSession':
          subscribe(socket, p.sessionTopic);
          publish(socket, p.pairingTopic, p.sessionProposalResponse, p.ttl, 1101);
          publish(socket, p.sessionTopic, p.sessionSettlementRequest, p.ttl, 1102);
          break;
        default:
          socket.send(
            JSON.stringify({ id: message.id, jsonrpc: '2.0', error: { code: -32601, message: 'Method not found' } }),
          );
          return;
      }
      socket.send(JSON.stringify({ id: message.id, jsonrpc: '2.0', result }));
    });
  });
  return new Promise((resolve, reject) => {
    server.once('listening', () => resolve(server));
    server.once('error', reject);
  });
}
