import crypto from 'node:crypto';
import type {
  DeliveryAddress,
  DeliveryRequest,
  Holdings,
  Page,
  PickupPoint,
  PickupPointsQuery,
  PickupRequest,
  ShippingRequest,
} from '@wallx/shared';
import { WRITEOFF_CODE_ALPHABET, WRITEOFF_CODE_LENGTH } from '@wallx/shared';
import type { Trx } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors/app-error.js';
import { pageById, type PageQuery } from '../../platform/pagination/page.js';
import type { AddressSnapshot } from './address-repository.js';
import { isProvinceOf } from './regions.js';
import type { HoldingRef, RequestRepository } from './request-repository.js';
import type { ShippingDeps } from './deps.js';

/** 16 symbols of 32: 80 bits from the CSPRNG (rejection-free, as 256 is a multiple of 32). */
export function newWriteoffCode(): string {
  return Array.from(
    crypto.randomBytes(WRITEOFF_CODE_LENGTH),
    (b) => WRITEOFF_CODE_ALPHABET[b % WRITEOFF_CODE_ALPHABET.length],
  ).join('');
}

const holdingOf = (body: { order_id?: string | undefined; miner_id?: string | undefined }): HoldingRef =>
  body.order_id !== undefined ? { kind: 'order', id: body.order_id } : { kind: 'miner', id: body.miner_id! };

const snapshot = ({ country, province, recipient, phone, postcode, detail }: DeliveryAddress): AddressSnapshot => ({
  country,
  province,
  recipient,
  phone,
  postcode,
  detail,
});

/** A held physical product's one delivery or pick-up request, and the pick-up points that may serve it. */
export function createShippingRequests({
  db,
  addresses,
  requests,
  points,
  fundPasswords,
  now = Date.now,
}: ShippingDeps) {
  /** The held unit a request names, locked; refused unless it is the user's physical product. */
  async function mustHold(trx: Trx, userId: string, ref: HoldingRef) {
    const unit = await requests.lockHolding(trx, userId, ref);
    if (!unit) throw new AppError('product_not_held', { field: ref.kind === 'order' ? 'order_id' : 'miner_id' });
    if (!unit.physical)
      throw new AppError('product_info_not_found', { field: ref.kind === 'order' ? 'order_id' : 'miner_id' });
    return unit;
  }

  /** One request per account for life: the unique key decides between racing requests. */
  async function insertRequest(
    trx: Trx,
    request: Parameters<RequestRepository['insertRequest']>[1],
  ): Promise<ShippingRequest> {
    const id = await requests.insertRequest(trx, request);
    if (!id) throw new AppError('delivery_already_requested');
    await requests.claim(trx, request.ref);
    return (await requests.request(trx, id))!;
  }

  async function regionOf(userId: string, { country, province }: PickupPointsQuery) {
    if (country === undefined && province === undefined) {
      const home = await addresses.defaultAddress(db, userId);
      if (!home) throw new AppError('delivery_address_required');
      return home;
    }
    if (country === undefined) throw new AppError('invalid_params', { field: 'country' });
    if (province === undefined || !isProvinceOf(country, province))
      throw new AppError('invalid_params', { field: 'province' });
    return { country, province };
  }

  return {
    async holdings(userId: string): Promise<Holdings> {
      const [items, requested] = await Promise.all([requests.holdings(db, userId), requests.hasRequest(db, userId)]);
      return { items, requested };
    },

    /**
     * Pick-up points of the region named (else that of the default address); with a product, those
     * that stock it. Pick-up needs a region, not an address (decision 128).
     */
    async points(userId: string, query: PickupPointsQuery): Promise<PickupPoint[]> {
      const region = await regionOf(userId, query);
      return points.pointsInRegion(db, region.country, region.province, query.product_id ?? null);
    },

    async requestDelivery(userId: string, body: DeliveryRequest): Promise<ShippingRequest> {
      const { fund_password, ...request } = body;
      if (await requests.hasRequest(db, userId)) throw new AppError('delivery_already_requested');
      const ref = holdingOf(request);
      const plan = async (trx: Trx) => {
        const unit = await mustHold(trx, userId, ref);
        const address = request.address_id
          ? await addresses.address(trx, userId, request.address_id)
          : await addresses.defaultAddress(trx, userId);
        if (!address)
          throw request.address_id
            ? new AppError('address_not_found', { field: 'address_id' })
            : new AppError('delivery_address_required');
        return {
          userId,
          kind: 'delivery' as const,
          productId: unit.product_id,
          ref,
          address: snapshot(address),
          pointId: null,
          code: null,
        };
      };
      // Checked before Argon2 and again in the request's transaction: a request that would be refused costs no try of the lock.
      await db.transaction().execute(plan);
      await fundPasswords.verify(userId, fund_password);
      return db.transaction().execute(async (trx) => insertRequest(trx, await plan(trx)));
    },

    async requestPickup(userId: string, body: PickupRequest): Promise<ShippingRequest> {
      const { fund_password, ...request } = body;
      if (await requests.hasRequest(db, userId)) throw new AppError('delivery_already_requested');
      const ref = holdingOf(request);
      const plan = async (trx: Trx) => {
        const unit = await mustHold(trx, userId, ref);
        if (!unit.pickup_from || unit.pickup_from.getTime() > now()) throw new AppError('pickup_not_available');
        // Any active point the user chose, wherever they live: pick-up needs no address (decision 128).
        // A point without a unit of the product would only refuse the voucher at the counter.
        const point = await points.point(trx, request.point_id);
        if (!point?.active || !(await points.hasStock(trx, point.id, unit.product_id))) {
          throw new AppError('no_pickup_point', { field: 'point_id' });
        }
        return { userId, kind: 'pickup' as const, productId: unit.product_id, ref, address: null, pointId: point.id };
      };
      await db.transaction().execute(plan);
      await fundPasswords.verify(userId, fund_password);
      return db
        .transaction()
        .execute(async (trx) => insertRequest(trx, { ...(await plan(trx)), code: newWriteoffCode() }));
    },

    requests(userId: string, query: PageQuery): Promise<Page<ShippingRequest>> {
      return pageById(query, (range) => requests.requests(db, userId, range));
    },
  };
}
