import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { keccak256, numberToHex, padHex, toHex, type Address, type Hex } from 'viem';

const transferTopic = keccak256(toHex('Transfer(address,address,uint256)'));

type RpcRequest = { jsonrpc: '2.0'; id: number | string; method: string; params?: unknown[] };
type RpcLog = Record<string, unknown> & { blockNumber: Hex; blockHash: Hex };

/** What the lying node says that the chain does not. Each lie can be switched on and off while it runs. */
export type Lies = {
  /** Its head, this many blocks ahead of the chain's. */
  aheadBy: number;
  /** A USDT Transfer of this many token units to this address, added to every log range that asks for the token. */
  inventTransfer: { token: Address; to: Address; value: bigint } | null;
  /** A receipt for each of these hashes (made up or real) with this status, holding the Transfer when one is named. */
  forgeReceipts: {
    hash: Hex;
    status: 'success' | 'reverted';
    transfer?: { token: Address; to: Address; value: bigint };
  }[];
  /** The hot wallet's (any account's) transaction count at a past block, this much higher. */
  countsAheadBy: number;
};

/** How many answers carried each lie: a test shows its lie was told, not just switched on. */
export type Told = { head: number; logs: number; receipts: number; counts: number };

export type LyingNode = { url: string; lies: Lies; told: Told; stop: () => Promise<void> };

const fakeHash = (seed: string) => keccak256(toHex(seed));
const topicOf = (address: Address) => padHex(address.toLowerCase() as Hex, { size: 32 });

/**
 * A JSON-RPC node in front of a real one that answers everything as it does, except where told to
 * lie: a head far ahead, an invented Transfer in the logs, a forged receipt, a nonce count that says
 * a transaction was spent. It lies consistently (the invented log sits in a real block, with that
 * block's hash), as a compromised or malicious provider would.
 */
export async function startLyingNode(target: string): Promise<LyingNode> {
  const lies: Lies = { aheadBy: 0, inventTransfer: null, forgeReceipts: [], countsAheadBy: 0 };
  const told: Told = { head: 0, logs: 0, receipts: 0, counts: 0 };

  const forward = async (body: RpcRequest) => {
    const response = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await response.json()) as { result?: unknown; error?: unknown };
  };

  const transferLog = (t: { token: Address; to: Address; value: bigint }, block: { number: Hex; hash: Hex }) => ({
    address: t.token.toLowerCase(),
    topics: [transferTopic, topicOf('0x00000000000000000000000000000000000000aa'), topicOf(t.to)],
    data: padHex(numberToHex(t.value), { size: 32 }),
    blockNumber: block.number,
    blockHash: block.hash,
    transactionHash: fakeHash(`invented ${block.number} ${t.to}`),
    transactionIndex: '0x0',
    logIndex: '0x63',
    removed: false,
  });

  async function answer(request: RpcRequest): Promise<unknown> {
    const reply = await forward(request);
    const params = request.params ?? [];
    switch (request.method) {
      case 'eth_blockNumber':
        if (lies.aheadBy !== 0) told.head++;
        return { ...reply, result: numberToHex(BigInt(reply.result as Hex) + BigInt(lies.aheadBy)) };
      case 'eth_getLogs': {
        const t = lies.inventTransfer;
        const filter = params[0] as { address?: Address | Address[]; toBlock?: Hex };
        const tokens = [filter.address ?? []].flat().map((a) => a.toLowerCase());
        if (!t || !tokens.includes(t.token.toLowerCase()) || !Array.isArray(reply.result) || !filter.toBlock)
          return reply;
        // In a real block (the range's last, or the chain's head when the range runs past it), with its hash.
        const head = BigInt((await forward({ jsonrpc: '2.0', id: 0, method: 'eth_blockNumber' })).result as Hex);
        const last = BigInt(filter.toBlock) < head ? BigInt(filter.toBlock) : head;
        const block = (
          await forward({ jsonrpc: '2.0', id: 0, method: 'eth_getBlockByNumber', params: [numberToHex(last), false] })
        ).result as { number: Hex; hash: Hex } | null;
        if (!block) return reply;
        told.logs++;
        return { ...reply, result: [...(reply.result as RpcLog[]), transferLog(t, block)] };
      }
      case 'eth_getTransactionReceipt': {
        const forged = lies.forgeReceipts.find((f) => f.hash.toLowerCase() === String(params[0]).toLowerCase());
        const hash = String(params[0]).toLowerCase() as Hex;
        if (!forged) return reply;
        const head = BigInt((await forward({ jsonrpc: '2.0', id: 0, method: 'eth_blockNumber' })).result as Hex);
        // Deep enough to count as confirmed, in a real block of the chain.
        const block = (
          await forward({
            jsonrpc: '2.0',
            id: 0,
            method: 'eth_getBlockByNumber',
            params: [numberToHex(head - 5n > 0n ? head - 5n : 0n), false],
          })
        ).result as { number: Hex; hash: Hex };
        const real = reply.result as Record<string, unknown> | null;
        told.receipts++;
        return {
          ...reply,
          result: {
            ...(real ?? {
              transactionHash: hash,
              transactionIndex: '0x0',
              from: '0x00000000000000000000000000000000000000aa',
              to: forged.transfer?.token.toLowerCase() ?? null,
              cumulativeGasUsed: '0x5208',
              gasUsed: '0x5208',
              effectiveGasPrice: '0x3b9aca00',
              contractAddress: null,
              logsBloom: `0x${'0'.repeat(512)}`,
              type: '0x0',
            }),
            blockNumber: block.number,
            blockHash: block.hash,
            status: forged.status === 'success' ? '0x1' : '0x0',
            logs: forged.transfer ? [{ ...transferLog(forged.transfer, block), transactionHash: hash }] : [],
          },
        };
      }
      case 'eth_getTransactionCount':
        if (lies.countsAheadBy === 0 || params[1] === 'pending' || params[1] === 'latest') return reply;
        told.counts++;
        return { ...reply, result: numberToHex(BigInt(reply.result as Hex) + BigInt(lies.countsAheadBy)) };
      default:
        return reply;
    }
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const body = JSON.parse(Buffer.concat(chunks).toString()) as RpcRequest | RpcRequest[];
        const replies = Array.isArray(body)
          ? await Promise.all(body.map(async (r) => ({ ...((await answer(r)) as object), id: r.id, jsonrpc: '2.0' })))
          : { ...((await answer(body)) as object), id: body.id, jsonrpc: '2.0' };
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(replies));
      })().catch((error: unknown) => res.writeHead(502).end(String(error)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    lies,
    told,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
