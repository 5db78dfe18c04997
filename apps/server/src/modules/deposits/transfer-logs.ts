import { erc20Abi, formatUnits, toEventSelector, type Log } from 'viem';
import type { Asset } from '@wallx/shared';

const transferEvent = erc20Abi.find((item) => item.type === 'event' && item.name === 'Transfer')!;
/** The topic of an ERC-20 Transfer, which the scanner asks the node for. */
export const transferTopic = toEventSelector(transferEvent);
/** A 32-byte word (a topic); data that starts with one. */
const word = /^0x[0-9a-fA-F]{64}$/;
const startsWithWord = /^0x[0-9a-fA-F]{64}/;

export type TransferLog = {
  txHash: string;
  logIndex: number;
  asset: Asset;
  from: string;
  to: string;
  value: bigint;
  blockNumber: bigint;
  blockHash: string;
};

/**
 * The supported tokens' transfers among these logs, to any address: an ERC-20 Transfer (its
 * signature, two indexed addresses, the value in the data's first word); any other log is not one.
 * Decoded here rather than by viem's generic decoder: a range holds thousands of logs,
 * and checksumming each log's two addresses (keccak) cost more than all the rest of the scan.
 */
export function transfersAmong(logs: Log[], assetOf: ReadonlyMap<string, Asset>): TransferLog[] {
  return logs.flatMap((log) => {
    const asset = assetOf.get(log.address.toLowerCase());
    const [topic, from, to] = log.topics;
    if (!asset || log.topics.length !== 3 || topic?.toLowerCase() !== transferTopic || log.blockNumber === null)
      return [];
    if (!word.test(from!) || !word.test(to!) || !startsWithWord.test(log.data)) return [];
    const value = BigInt(log.data.slice(0, 66));
    if (value === 0n) return [];
    return [
      {
        txHash: log.transactionHash!.toLowerCase(),
        logIndex: log.logIndex!,
        asset,
        from: `0x${from!.slice(26).toLowerCase()}`,
        to: `0x${to!.slice(26).toLowerCase()}`,
        value,
        blockNumber: log.blockNumber,
        blockHash: log.blockHash!.toLowerCase(),
      },
    ];
  });
}

/** A confirmed transfer as the deposit row and the ledger take it. */
export function creditOf(t: TransferLog, decimals: number) {
  return {
    asset: t.asset,
    txHash: t.txHash,
    logIndex: t.logIndex,
    from: t.from,
    amount: formatUnits(t.value, decimals),
    blockNumber: t.blockNumber,
    blockHash: t.blockHash,
  };
}
