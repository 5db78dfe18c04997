/**
 * What two nodes must agree on before money moves (chain/rpc-nodes.ts): each answer reduced to the
 * fields a decision reads, so that nodes of different software (extra fields, other casing, a full
 * block or its hashes) agree when the chain does, and differ only when the chain they describe does.
 */

type Hexish = string | null | undefined;
type RpcObject = Record<string, unknown>;

/** A node's answer as a vote: what it says (`key`) and, when it names one, the block it says it is in. */
export type Vote = { key: string; block: bigint | null; isEmpty: boolean };

const lower = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : (value ?? null));
const quantity = (value: unknown) => (typeof value === 'string' && value !== '' ? BigInt(value).toString() : null);
const blockOf = (value: Hexish) => (typeof value === 'string' && value !== '' ? BigInt(value) : null);

const logOf = (log: RpcObject) => [
  lower(log.address),
  Array.isArray(log.topics) ? log.topics.map(lower) : [],
  lower(log.data),
  quantity(log.blockNumber),
  lower(log.blockHash),
  lower(log.transactionHash),
  quantity(log.logIndex),
  log.removed === true,
];

const receiptOf = (r: RpcObject) => ({
  status: quantity(r.status),
  transactionHash: lower(r.transactionHash),
  blockHash: lower(r.blockHash),
  blockNumber: quantity(r.blockNumber),
  from: lower(r.from),
  to: lower(r.to),
  gasUsed: quantity(r.gasUsed),
  effectiveGasPrice: quantity(r.effectiveGasPrice),
  logs: Array.isArray(r.logs) ? (r.logs as RpcObject[]).map(logOf) : [],
});

const blockAnswerOf = (b: RpcObject) => ({
  hash: lower(b.hash),
  number: quantity(b.number),
  parentHash: lower(b.parentHash),
  transactions: Array.isArray(b.transactions)
    ? (b.transactions as unknown[]).map((tx) => lower(typeof tx === 'string' ? tx : (tx as RpcObject).hash))
    : [],
});

const transactionOf = (tx: RpcObject) => ({
  hash: lower(tx.hash),
  from: lower(tx.from),
  to: lower(tx.to),
  nonce: quantity(tx.nonce),
  input: lower(tx.input),
  value: quantity(tx.value),
  blockHash: lower(tx.blockHash),
  blockNumber: quantity(tx.blockNumber),
});

const shapes: Record<string, (result: RpcObject) => { answer: unknown; block: Hexish }> = {
  eth_getTransactionReceipt: (r) => ({ answer: receiptOf(r), block: r.blockNumber as Hexish }),
  eth_getBlockByNumber: (b) => ({ answer: blockAnswerOf(b), block: b.number as Hexish }),
  eth_getBlockByHash: (b) => ({ answer: blockAnswerOf(b), block: b.number as Hexish }),
  eth_getTransactionByHash: (tx) => ({ answer: transactionOf(tx), block: tx.blockNumber as Hexish }),
};

export function voteOf(method: string, result: unknown): Vote {
  if (result === null || result === undefined) return { key: 'null', block: null, isEmpty: true };
  if (method === 'eth_getLogs' && Array.isArray(result)) {
    const logs = (result as RpcObject[]).map(logOf);
    return { key: JSON.stringify(logs), block: null, isEmpty: false };
  }
  const shape = shapes[method];
  if (shape && typeof result === 'object') {
    const { answer, block } = shape(result as RpcObject);
    return { key: JSON.stringify(answer), block: blockOf(block), isEmpty: false };
  }
  return { key: JSON.stringify(typeof result === 'string' ? lower(result) : result), block: null, isEmpty: false };
}

/** An RPC error that is the node's answer (a revert, "invalid params"), as a vote. */
export const errorVote = (error: unknown): Vote => {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return { key: `error:${String(code)}:${String(message).split('\n')[0]}`, block: null, isEmpty: false };
};

const numberParam = (value: unknown): bigint | null =>
  typeof value === 'string' && /^0x[0-9a-f]+$/i.test(value) ? BigInt(value) : null;

/**
 * The block a question is about, when it names one: only nodes that have reached it are asked
 * (a node a block behind would answer of a chain that does not have it yet).
 */
export function blockAsked(method: string, params: readonly unknown[] | undefined): bigint | null {
  const p = params ?? [];
  switch (method) {
    case 'eth_getLogs': {
      const filter = (p[0] ?? {}) as { toBlock?: unknown };
      return numberParam(filter.toBlock);
    }
    case 'eth_getBlockByNumber':
      return numberParam(p[0]);
    case 'eth_getTransactionCount':
    case 'eth_getBalance':
    case 'eth_call':
      return numberParam(p[1]);
    default:
      return null;
  }
}

/**
 * Questions whose honest answers differ from node to node by how far each has got (the head; a
 * count at `latest` or `pending`). The answer is the highest value that a quorum of them reaches:
 * one node reporting more (or less) than the rest moves nothing.
 */
export function isCountedByQuorum(method: string, params: readonly unknown[] | undefined): boolean {
  if (method === 'eth_blockNumber') return true;
  if (method !== 'eth_getTransactionCount') return false;
  const tag = params?.[1];
  return tag === undefined || tag === 'latest' || tag === 'pending';
}

/** The highest of `values` that at least `quorum` of them reach (null: fewer than `quorum` values). */
export const highestOfQuorum = (values: bigint[], quorum: number): bigint | null => {
  const sorted = [...values].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0));
  return sorted.length >= quorum ? sorted[quorum - 1]! : null;
};
