import { describe, expect, it } from 'vitest';
import { blockAsked, highestOfQuorum, isCountedByQuorum, voteOf } from './rpc-answers.js';

const log = {
  address: '0x55d398326f99059fF775485246999027B3197955',
  topics: ['0xDDF252AD1BE2C89B69C2B068FC378DAA952BA7F163C4A11628F55A4DF523B3EF'],
  data: '0x01',
  blockNumber: '0x10',
  blockHash: '0xAA',
  transactionHash: '0xBB',
  transactionIndex: '0x0',
  logIndex: '0x2',
  removed: false,
};

describe('what two nodes must agree on', () => {
  it('takes answers that differ only in casing, extra fields or a full block for the same', () => {
    const geth = voteOf('eth_getLogs', [log]);
    const other = voteOf('eth_getLogs', [
      { ...log, address: log.address.toLowerCase(), blockHash: '0xaa', blockTimestamp: '0x65' },
    ]);
    expect(other.key).toBe(geth.key);
    const hashes = voteOf('eth_getBlockByNumber', {
      number: '0x10',
      hash: '0xAA',
      parentHash: '0x1',
      transactions: ['0xBB'],
    });
    const full = voteOf('eth_getBlockByNumber', {
      number: '0x10',
      hash: '0xaa',
      parentHash: '0x1',
      transactions: [{ hash: '0xbb', nonce: '0x1' }],
      size: '0x200',
    });
    expect(full).toEqual(hashes);
    expect(hashes.block).toBe(16n);
  });

  it('tells apart what a decision reads: another block hash, log, status or value', () => {
    const base = voteOf('eth_getLogs', [log]).key;
    for (const changed of [{ blockHash: '0xab' }, { data: '0x02' }, { logIndex: '0x3' }, { removed: true }])
      expect(voteOf('eth_getLogs', [{ ...log, ...changed }]).key).not.toBe(base);
    expect(voteOf('eth_getLogs', [log, log]).key).not.toBe(base);
    const receipt = { status: '0x1', blockNumber: '0x10', blockHash: '0xaa', transactionHash: '0xbb', logs: [log] };
    expect(voteOf('eth_getTransactionReceipt', { ...receipt, status: '0x0' }).key).not.toBe(
      voteOf('eth_getTransactionReceipt', receipt).key,
    );
    expect(voteOf('eth_getTransactionReceipt', receipt).block).toBe(16n);
    expect(voteOf('eth_getTransactionReceipt', null)).toEqual({ key: 'null', block: null, isEmpty: true });
  });

  it('asks only nodes that have reached the block a question names', () => {
    expect(blockAsked('eth_getLogs', [{ fromBlock: '0x1', toBlock: '0x20' }])).toBe(32n);
    expect(blockAsked('eth_getTransactionCount', ['0xabc', '0x1f'])).toBe(31n);
    expect(blockAsked('eth_getTransactionCount', ['0xabc', 'pending'])).toBeNull();
    expect(blockAsked('eth_getBlockByNumber', ['0x5', false])).toBe(5n);
    expect(blockAsked('eth_getTransactionReceipt', ['0xbb'])).toBeNull();
  });

  it('counts heads and latest counts by the highest a quorum reaches: one node far ahead or behind moves nothing', () => {
    expect(isCountedByQuorum('eth_blockNumber', [])).toBe(true);
    expect(isCountedByQuorum('eth_getTransactionCount', ['0xabc', 'pending'])).toBe(true);
    expect(isCountedByQuorum('eth_getTransactionCount', ['0xabc', '0x10'])).toBe(false);
    expect(highestOfQuorum([100n, 150n, 100n], 2)).toBe(100n);
    expect(highestOfQuorum([100n, 50n, 101n], 2)).toBe(100n);
    expect(highestOfQuorum([100n, 150n], 2)).toBe(100n);
    expect(highestOfQuorum([100n], 2)).toBeNull();
    expect(highestOfQuorum([7n, 9n], 1)).toBe(9n);
  });
});
