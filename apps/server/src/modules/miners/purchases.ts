import crypto from 'node:crypto';
import type {
  BuyMinerResult,
  Miner,
  MinerCategory,
  MinerOrder,
  MinerOrderStatus,
  MinerProduct,
  Asset,
  Page,
} from '@wallx/shared';
import { times } from '@wallx/shared';
import { AppError } from '../../platform/errors/app-error.js';
import { pageById, type PageQuery } from '../../platform/pagination/page.js';
import { findOwnMiner } from './mine.js';
import type { Actor, MinersDeps } from './deps.js';

/** The shop and a user's purchase orders: the catalog, buying, the orders, and using one. */
export function createMinerPurchases(deps: MinersDeps) {
  const { db, ledger, users, miners, purchases, idempotency } = deps;
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
      return { miner: await findOwnMiner(deps, userId, minerId) };
    },
  };
}
