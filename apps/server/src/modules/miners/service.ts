import crypto from 'node:crypto';
import type {
  BuyMinerResult,
  CollectResult,
  Miner,
  MinerCategory,
  MinerOrder,
  MinerOrderStatus,
  MinerOutput,
  MinerOutputStatus,
  MinerProduct,
  MinerState,
  MinerTransferRequest,
  MineSummary,
  Asset,
  Page,
} from '@wallx/shared';
import { compare, times } from '@wallx/shared';
import type { Db, Trx } from '../../platform/db/database.js';
import type { FundPasswords } from '../../kernel/fund-password/fund-password.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { Idempotency } from '../../kernel/idempotency/idempotency.js';
import { pageById, type PageQuery } from '../../platform/pagination/page.js';
import { recipientAddress, recipientId } from '../../kernel/users/recipient.js';
import type { UserRepository } from '../../kernel/users/repository.js';
import type { UserEvents } from '../../kernel/user-events/user-events.js';
import type { Ledger } from '../../kernel/ledger/ledger.js';
import { dayInZone } from '../../platform/time/days.js';
import type { OutputRepository } from './output-repository.js';
import type { MinersRepository } from './repository.js';

/**
 * What a purchase needs of the team module (its performance rollups): app.ts hands in the team service.
 * Declared here rather than imported, as modules import no other module but the ledger.
 */
export type PurchaseRecorder = {
  recordPurchase(trx: Trx, purchase: { userId: string; asset: Asset; amount: string }): Promise<void>;
};

type Deps = {
  db: Db;
  ledger: Ledger;
  events: UserEvents;
  users: UserRepository;
  miners: MinersRepository;
  outputs: OutputRepository;
  purchases: PurchaseRecorder;
  fundPasswords: FundPasswords;
  idempotency: Idempotency;
  /** The output time zone: a miner turned on produces from that zone's date of turning on. */
  timeZone: string;
  now?: () => number;
};

type Actor = { id: string; address: string };

/** Why a miner in `state` cannot be turned on, transferred or listed. */
function stateError(state: MinerState, action: 'turn_on' | 'move'): AppError {
  if (state === 'on') return new AppError(action === 'turn_on' ? 'miner_already_on' : 'miner_is_on');
  if (state === 'selling') return new AppError('miner_is_selling');
  return new AppError('miner_is_expired');
}

export function createMinersService({
  db,
  ledger,
  events,
  users,
  miners,
  outputs,
  purchases,
  fundPasswords,
  idempotency,
  timeZone,
  now = Date.now,
}: Deps) {
  async function mustFindMiner(userId: string, minerId: string): Promise<Miner> {
    const miner = await miners.findMiner(db, userId, minerId);
    if (!miner) throw new AppError('miner_not_found');
    return miner;
  }

  return {
    products(category: MinerCategory | undefined): Promise<MinerProduct[]> {
      return miners.listProducts(db, category);
    },

    /**
     * Buys `quantity` units: the product row is locked first, so stock and the per-user limit are
     * checked and taken by one buyer at a time; the price is debited through the ledger in the same
     * transaction, so a buyer short of money takes no stock.
     */
    async buy(
      user: Actor,
      input: { product_id: string; pay_asset: Asset; quantity: number },
      idempotencyKey: string | undefined,
    ): Promise<BuyMinerResult> {
      const idem = { userId: user.id, key: idempotencyKey, scope: 'miners.buy', body: input };
      const earlier = await idempotency.previous<BuyMinerResult>(idem);
      if (earlier) return earlier;

      return idempotency.run(idem, async (trx) => {
        const product = await miners.findProduct(trx, input.product_id, { lock: true });
        if (!product || !product.on_sale) throw new AppError('product_info_not_found', { field: 'product_id' });
        if (product.gift) throw new AppError('gift_not_transferable', { field: 'product_id' });
        const unitPrice = input.pay_asset === 'USDT' ? product.price_usdt : product.price_wallx;
        if (unitPrice === null)
          throw new AppError('pay_asset_unavailable', { field: 'pay_asset', params: { asset: input.pay_asset } });
        if (product.stock < input.quantity) throw new AppError('product_sold_out', { field: 'quantity' });
        if (product.per_user_limit !== null) {
          const bought = await miners.countPurchased(trx, user.id, product.id);
          if (bought + input.quantity > product.per_user_limit) {
            throw new AppError('purchase_limit_reached', {
              field: 'quantity',
              params: { limit: product.per_user_limit },
            });
          }
        }
        await miners.takeStock(trx, product.id, input.quantity);
        const purchaseId = crypto.randomUUID();
        const ids = await miners.insertOrders(trx, {
          userId: user.id,
          productId: product.id,
          purchaseId,
          payAsset: input.pay_asset,
          price: unitPrice,
          gift: false,
          quantity: input.quantity,
        });
        const amount = times(unitPrice, String(input.quantity));
        await ledger.post(trx, {
          debit: { user: user.id },
          credit: { platform: 'sales' },
          asset: input.pay_asset,
          amount,
          type: 'buy_miner',
          ref: { type: 'miner_purchase', id: purchaseId },
        });
        // Last: it locks the rows of every team above the buyer, held until commit.
        await purchases.recordPurchase(trx, { userId: user.id, asset: input.pay_asset, amount });
        const orders = await miners.orders(trx, user.id, { ids, before: null, limit: ids.length });
        return { orders, balance: await users.balances(trx, user.id) };
      });
    },

    orders(userId: string, query: PageQuery & { status?: MinerOrderStatus | undefined }): Promise<Page<MinerOrder>> {
      return pageById(query, (range) => miners.orders(db, userId, { status: query.status, ...range }));
    },

    /** Places the miner of an unused order in the owner's mine, state off, with a new machine number. */
    async useOrder(userId: string, orderId: string): Promise<{ miner: Miner }> {
      const minerId = await db.transaction().execute(async (trx) => {
        const order = await miners.markOrderUsed(trx, userId, orderId);
        if (!order) {
          const status = await miners.orderStatus(trx, userId, orderId);
          throw new AppError(status ? 'order_status_error' : 'order_not_found');
        }
        return miners.insertMiner(trx, { userId, orderId, gift: order.gift });
      });
      return { miner: await mustFindMiner(userId, minerId) };
    },

    mine(userId: string, query: PageQuery & { state?: MinerState | undefined }): Promise<Page<Miner>> {
      return pageById(query, (range) => miners.miners(db, userId, { state: query.state, ...range }));
    },

    async summary(userId: string): Promise<MineSummary> {
      return { ...(await outputs.summary(db, userId)), output_time_zone: timeZone };
    },

    /** off → on. Its output days start on today's date in the output time zone. */
    async turnOn(userId: string, minerId: string): Promise<{ miner: Miner }> {
      const at = new Date(now());
      if (!(await miners.turnOn(db, userId, minerId, at, dayInZone(at, timeZone)))) {
        const current = await miners.minerState(db, userId, minerId);
        if (!current) throw new AppError('miner_not_found');
        throw stateError(current.state, 'turn_on');
      }
      return { miner: await mustFindMiner(userId, minerId) };
    },

    /** Gives an off, non-gift miner to another registered user, with the fund password. */
    async transfer(
      sender: Actor,
      minerId: string,
      input: MinerTransferRequest,
      idempotencyKey: string | undefined,
    ): Promise<{ miner_id: string; to: string }> {
      const { fund_password, ...request } = input;
      const idem = { userId: sender.id, key: idempotencyKey, scope: 'miners.transfer', body: { ...request, minerId } };
      const earlier = await idempotency.previous<{ miner_id: string; to: string }>(idem);
      if (earlier) return earlier;

      const to = recipientAddress(sender, input.to);
      const current = await miners.minerState(db, sender.id, minerId);
      if (!current) throw new AppError('miner_not_found');
      if (current.gift) throw new AppError('gift_not_transferable');
      if (current.claimed) throw new AppError('miner_claimed');
      if (current.state !== 'off') throw stateError(current.state, 'move');
      const toUserId = await recipientId(db, users, to);
      await fundPasswords.verify(sender.id, fund_password);

      return idempotency.run(idem, async (trx) => {
        if (!(await miners.changeOwner(trx, minerId, sender.id, toUserId))) {
          // It changed between the checks and now (turned on, listed, given away).
          const latest = await miners.minerState(trx, sender.id, minerId);
          if (!latest) throw new AppError('miner_not_found');
          if (latest.claimed) throw new AppError('miner_claimed');
          throw stateError(latest.state, 'move');
        }
        await events.emit(trx, {
          userId: toUserId,
          type: 'miner_received',
          payload: { miner_no: current.machine_no, from: sender.address },
        });
        return { miner_id: minerId, to };
      });
    },

    outputs(userId: string, query: PageQuery & { status?: MinerOutputStatus | undefined }): Promise<Page<MinerOutput>> {
      return pageById(query, (range) => outputs.outputs(db, userId, { status: query.status, ...range }));
    },

    /**
     * Collects one record (outputId) or all of the user's to-collect records: they move to collected
     * and their sum is credited as one ledger transaction, in one database transaction.
     */
    async collect(userId: string, outputId: string | null, idempotencyKey: string | undefined): Promise<CollectResult> {
      const idem = { userId, key: idempotencyKey, scope: 'miners.collect', body: { outputId } };
      const earlier = await idempotency.previous<CollectResult>(idem);
      if (earlier) return earlier;
      return idempotency.run(idem, async (trx) => {
        const collectionId = crypto.randomUUID();
        const { count, amount } = await outputs.collect(trx, userId, collectionId, outputId);
        if (count === 0) {
          if (outputId === null) throw new AppError('nothing_to_collect');
          const status = await outputs.outputStatus(trx, userId, outputId);
          throw new AppError(status ? 'output_already_collected' : 'output_not_found');
        }
        if (compare(amount, '0') > 0) {
          await ledger.post(trx, {
            debit: { platform: 'mining_issuance' },
            credit: { user: userId },
            asset: 'WALLX',
            amount,
            type: 'mining_output',
            ref: { type: 'output_collection', id: collectionId },
          });
        }
        return { collected: count, amount, balance: { wallx: (await users.balances(trx, userId)).wallx } };
      });
    },
  };
}
export type MinersService = ReturnType<typeof createMinersService>;
