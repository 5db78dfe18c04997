import { erc20Abi, formatUnits, parseUnits, type Address } from 'viem';
import {
  assets,
  plus,
  type Asset,
  type ColdTransfer,
  type DepositAddressHolding,
  type HotWallet,
  type HotWalletAsset,
  type Page,
  type Sweep,
} from '@wallx/shared';
import type { ChainContext } from '../../platform/chain/context.js';
import type { Db } from '../../platform/db/database.js';
import { signerFailure } from '../../platform/db/hot-wallet.js';
import { decodeKeysetCursor, encodeKeysetCursor } from '../../platform/pagination/cursor.js';
import { pageById, toPage, type PageQuery } from '../../platform/pagination/page.js';
import type { TreasuryRepository } from './repository.js';

/** Deposit addresses the console and the dashboard read on chain per token, largest first: a bounded batch. */
export const ADDRESS_READS_MAX = 200;
/** A node that does not answer in this long counts as unreachable: the console must not hang on it. */
const READ_TIMEOUT_MS = 5_000;

const ADDRESS_TEXT = /^0x[0-9a-f]{40}$/;
const bnb = (wei: string | null) => (wei === null ? null : formatUnits(BigInt(wei), 18));
const tokenUnits = (wei: bigint) => formatUnits(wei, 18);

async function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`chain read timed out after ${READ_TIMEOUT_MS} ms`)), READ_TIMEOUT_MS);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Where one token is, by the books and on chain: at users' deposit addresses (the books' unswept
 * and in-flight sums; on chain, the balances of the addresses holding the most, at most
 * ADDRESS_READS_MAX of them, the rest at their book value), in the hot wallet, in cold storage, and
 * in flight. What the dashboard's reconciliation adds up.
 */
export type Holdings = {
  asset: Asset;
  unswept: string;
  sweepsInFlight: string;
  coldInFlight: string;
  depositAddresses: number;
  /** Chain figures; null when the chain could not be read. */
  chain: { depositAddresses: string; hot: string; cold: string; hotWei: bigint } | null;
  hotWallet: string;
  coldWallet: string;
};

type Deps = { db: Db; chain: ChainContext; repository: TreasuryRepository };

export function createTreasury({ db, chain, repository }: Deps) {
  const balanceOf = (asset: Asset, owner: Address) =>
    chain.client.readContract({
      address: chain.tokens[asset],
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [owner],
    });

  async function holdings(asset: Asset): Promise<Holdings> {
    const [held, inFlight] = await Promise.all([
      repository.heldAtAddresses(db, asset, ADDRESS_READS_MAX),
      repository.inFlight(db, asset),
    ]);
    const base = {
      asset,
      unswept: held.unswept,
      sweepsInFlight: inFlight.sweeps,
      coldInFlight: inFlight.cold,
      depositAddresses: held.count,
      hotWallet: chain.hotWallet.address.toLowerCase(),
      coldWallet: chain.coldWallet.toLowerCase(),
    };
    try {
      const [hot, cold, ...atAddresses] = await withTimeout(
        Promise.all([
          balanceOf(asset, chain.hotWallet.address),
          balanceOf(asset, chain.coldWallet),
          ...held.addresses.map((address) => balanceOf(asset, address as Address)),
        ]),
      );
      // Addresses past the batch count at their book value: the read ones hold the most.
      const unread = parseUnits(plus(held.unswept, held.inFlight), 18) - parseUnits(held.readBooks, 18);
      return {
        ...base,
        chain: {
          depositAddresses: tokenUnits(atAddresses.reduce((sum, b) => sum + b, 0n) + unread),
          hot: tokenUnits(hot),
          cold: tokenUnits(cold),
          hotWei: hot,
        },
      };
    } catch {
      return { ...base, chain: null };
    }
  }

  return {
    holdings,

    async hotWallet(): Promise<HotWallet> {
      const failure = await signerFailure(db, chain.chainId);
      const rows = await Promise.all(
        assets.map(async (asset): Promise<HotWalletAsset> => {
          const h = await holdings(asset);
          const marks = chain.treasury.hot[asset];
          const isLow = h.chain ? h.chain.hotWei < marks.low : null;
          return {
            asset,
            hot_wallet: h.hotWallet,
            cold_wallet: h.coldWallet,
            hot_balance: h.chain?.hot ?? null,
            cold_balance: h.chain?.cold ?? null,
            low: tokenUnits(marks.low),
            target: tokenUnits(marks.target),
            high: tokenUnits(marks.high),
            unswept: h.unswept,
            sweeps_in_flight: h.sweepsInFlight,
            cold_in_flight: h.coldInFlight,
            payouts_waiting: failure ? true : isLow,
            payouts_wait_reason: failure ? 'signer_unavailable' : isLow ? 'hot_wallet_low' : null,
            chain_error: h.chain ? null : 'unreachable',
          };
        }),
      );
      return {
        assets: rows,
        signer: {
          kind: chain.hotWallet.kind,
          failing_since: failure?.since.toISOString() ?? null,
          error: failure?.error ?? null,
        },
      };
    },

    async depositAddresses(query: PageQuery): Promise<Page<DepositAddressHolding>> {
      const after = decodeKeysetCursor(query.cursor, (v) => ADDRESS_TEXT.test(v));
      const rows = await repository.addressHoldings(db, after?.v ?? null, query.limit);
      const byAddress = new Map<string, DepositAddressHolding & { user_id: string }>();
      for (const row of rows) {
        const entry = byAddress.get(row.address) ?? {
          address: row.address,
          user: row.user,
          user_id: row.user_id,
          unswept: { USDT: '0', WALLX: '0' },
          in_flight: { USDT: '0', WALLX: '0' },
        };
        entry.unswept[row.asset] = row.unswept;
        entry.in_flight[row.asset] = row.in_flight;
        byAddress.set(row.address, entry);
      }
      const items = [...byAddress.values()];
      const page = toPage(items, query.limit, (last) => encodeKeysetCursor({ v: last.address, id: last.user_id }));
      return { ...page, items: page.items.map(({ user_id: _, ...item }) => item) };
    },

    sweeps(query: PageQuery & { asset?: Asset | undefined }): Promise<Page<Sweep>> {
      return pageById(query, async (range) =>
        (await repository.sweeps(db, query.asset, range)).map((row) => ({
          ...row,
          gas_cost: bnb(row.gas_cost),
          created_at: row.created_at.toISOString(),
          settled_at: row.settled_at?.toISOString() ?? null,
        })),
      );
    },

    coldTransfers(query: PageQuery & { asset?: Asset | undefined }): Promise<Page<ColdTransfer>> {
      return pageById(query, async (range) =>
        (await repository.coldTransfers(db, query.asset, range)).map((row) => ({
          ...row,
          gas_cost: bnb(row.gas_cost),
          created_at: row.created_at.toISOString(),
          settled_at: row.settled_at?.toISOString() ?? null,
        })),
      );
    },
  };
}
export type Treasury = ReturnType<typeof createTreasury>;
