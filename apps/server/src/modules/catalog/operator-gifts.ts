import crypto from 'node:crypto';
import type { GiftGrant, GiftGrantRequest, Page } from '@wallx/shared';
import { recordAudit } from '../../kernel/audit/audit.js';
import { refuseOwnAccount } from '../../kernel/audit/own-account.js';
import { AppError } from '../../platform/errors/app-error.js';
import { pageById, type PageQuery } from '../../platform/pagination/page.js';
import type { CatalogDeps } from './operator-deps.js';

/** Gift products given to users by an operator, and the grants made. */
export function createGiftGrants({ db, catalog, miners, users }: CatalogDeps) {
  return {
    /**
     * Gives a user `quantity` unused orders of a gift product: what a purchase gives, paid by no one,
     * with stock taken under the product's lock as a purchase takes it. With an Idempotency-Key a
     * retry answers the first grant and gives nothing more.
     */
    async grant(operator: string, input: GiftGrantRequest, idempotencyKey: string | undefined): Promise<GiftGrant> {
      const userId = await users.findIdByAddress(db, input.address);
      if (!userId) throw new AppError('gift_user_not_found', { field: 'address' });
      await refuseOwnAccount(db, operator, input.address, 'address');
      const key = idempotencyKey ? `${operator}:${idempotencyKey}` : null;
      const grantId = await db.transaction().execute(async (trx) => {
        const product = await catalog.product(trx, input.product_id, { lock: true });
        if (!product) throw new AppError('product_info_not_found', { field: 'product_id' });
        if (!product.gift) throw new AppError('product_not_gift', { field: 'product_id' });
        const purchaseId = crypto.randomUUID();
        const id = await catalog.insertGrant(trx, {
          purchaseId,
          key,
          userId,
          productId: product.id,
          quantity: input.quantity,
          reason: input.reason,
          operator,
        });
        if (!id) return null;
        if (product.stock < input.quantity) throw new AppError('product_sold_out', { field: 'quantity' });
        await miners.takeStock(trx, product.id, input.quantity);
        const orderIds = await miners.insertOrders(trx, {
          userId,
          productId: product.id,
          purchaseId,
          payAsset: null,
          price: null,
          gift: true,
          quantity: input.quantity,
        });
        await recordAudit(trx, {
          operator,
          action: 'gift.grant',
          subjectType: 'gift_grant',
          subjectId: id,
          before: { stock: product.stock },
          after: {
            address: input.address,
            product_id: product.id,
            quantity: input.quantity,
            reason: input.reason,
            order_ids: orderIds,
            stock: product.stock - input.quantity,
          },
        });
        return id;
      });
      const [grant] = await catalog.grants(
        db,
        grantId ? { id: grantId, before: null, limit: 1 } : { key: key!, before: null, limit: 1 },
      );
      if (!grantId) {
        // The key was used before: the same grant again is answered, another one is a mistake.
        const same =
          grant &&
          grant.address === input.address &&
          grant.product.id === input.product_id &&
          grant.quantity === input.quantity &&
          grant.reason === input.reason;
        if (!same) throw new AppError('idempotency_conflict');
      }
      return grant!;
    },

    async grants(query: PageQuery & { address?: string | undefined }): Promise<Page<GiftGrant>> {
      let userId: string | undefined;
      if (query.address) {
        userId = await users.findIdByAddress(db, query.address);
        if (!userId) return { items: [], next_cursor: null };
      }
      return pageById(query, (range) => catalog.grants(db, { userId, ...range }));
    },
  };
}
