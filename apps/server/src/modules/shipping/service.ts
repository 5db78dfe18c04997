import crypto from 'node:crypto';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import type {
  Country,
  DeliveryAddress,
  DeliveryAddressInput,
  DeliveryRequest,
  Holdings,
  Page,
  PickupPoint,
  PickupPointsQuery,
  PickupRequest,
  ShippingRequest,
  Voucher,
} from '@wallx/shared';
import { ADDRESSES_MAX, WRITEOFF_CODE_ALPHABET, WRITEOFF_CODE_LENGTH } from '@wallx/shared';
import type { Db, Trx } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors/app-error.js';
import { pageById, type PageQuery } from '../../platform/pagination/page.js';
import { isProvinceOf, regions } from './regions.js';
import type { AddressRepository, AddressSnapshot } from './address-repository.js';
import type { PointRepository } from './point-repository.js';
import type { HoldingRef, RequestRepository } from './request-repository.js';
import type { ValidatorRepository } from './validator-repository.js';

import type { UserEvents } from '../../kernel/user-events/user-events.js';
type Deps = {
  db: Db;
  events: UserEvents;
  addresses: AddressRepository;
  requests: RequestRepository;
  points: PointRepository;
  validators: ValidatorRepository;
  /** Delivery and pick-up requests take the fund password, with its tries and lock. */
  fundPasswords: { verify(userId: string, password: string): Promise<void> };
  now?: () => number;
};
type Actor = { id: string; is_validator: boolean };

// Hong Kong, Macao and Taiwan numbers have their own country codes.
const PHONE_COUNTRY: Record<string, CountryCode> = { 'CN-HK': 'HK', 'CN-MO': 'MO', 'CN-TW': 'TW' };

/** The address as stored: province checked against the country, phone as E.164 of the region. */
function normalizeAddress(input: DeliveryAddressInput): Required<DeliveryAddressInput> {
  if (!isProvinceOf(input.country, input.province)) throw new AppError('invalid_params', { field: 'province' });
  const phoneCountry = PHONE_COUNTRY[input.province] ?? (input.country as CountryCode);
  const phone = parsePhoneNumberFromString(input.phone, phoneCountry);
  if (!phone?.isValid() || phone.country !== phoneCountry) throw new AppError('phone_invalid', { field: 'phone' });
  return { ...input, phone: phone.number };
}

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

export function createShippingService({
  db,
  events,
  addresses,
  requests,
  points,
  validators,
  fundPasswords,
  now = Date.now,
}: Deps) {
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
    regions: () => regions,

    addresses: (userId: string) => addresses.addresses(db, userId),

    async createAddress(userId: string, input: DeliveryAddressInput): Promise<DeliveryAddress> {
      const address = normalizeAddress(input);
      return db.transaction().execute(async (trx) => {
        await addresses.lockUser(trx, userId);
        const count = await addresses.countAddresses(trx, userId);
        if (count >= ADDRESSES_MAX) throw new AppError('addresses_limit', { params: { max: ADDRESSES_MAX } });
        // The first address is the default: a user with an address always has a region.
        const id = await addresses.insertAddress(trx, userId, address, count === 0);
        return (await addresses.address(trx, userId, id))!;
      });
    },

    async updateAddress(userId: string, id: string, input: DeliveryAddressInput): Promise<DeliveryAddress> {
      const address = normalizeAddress(input);
      return db.transaction().execute(async (trx) => {
        if (!(await addresses.updateAddress(trx, userId, id, address))) throw new AppError('address_not_found');
        return (await addresses.address(trx, userId, id))!;
      });
    },

    /** Deleting the default makes the newest remaining address the default. */
    async deleteAddress(userId: string, id: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await addresses.lockUser(trx, userId);
        const deleted = await addresses.deleteAddress(trx, userId, id);
        if (!deleted) throw new AppError('address_not_found');
        if (deleted.wasDefault) await addresses.setDefault(trx, userId, null);
      });
    },

    async setDefaultAddress(userId: string, id: string): Promise<DeliveryAddress> {
      return db.transaction().execute(async (trx) => {
        await addresses.lockUser(trx, userId);
        if (!(await addresses.address(trx, userId, id))) throw new AppError('address_not_found');
        await addresses.setDefault(trx, userId, id);
        return (await addresses.address(trx, userId, id))!;
      });
    },

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

    /** A voucher as a validator sees it before confirming: only at a point they serve. */
    async voucher(validator: Actor, code: string): Promise<Voucher> {
      if (!validator.is_validator) throw new AppError('no_permission');
      const voucher = await validators.voucher(db, code);
      if (!voucher) throw new AppError('writeoff_code_invalid', { field: 'code' });
      if (!(await validators.isValidatorAt(db, validator.id, voucher.point_id))) throw new AppError('no_permission');
      const { point_id: _pointId, ...shown } = voucher;
      return shown;
    },

    /**
     * Writes a voucher off: the code is used once, by a validator of its point, taking one unit of
     * the point's stock — all in one transaction, or nothing.
     */
    async writeOff(validator: Actor, code: string): Promise<Voucher> {
      if (!validator.is_validator) throw new AppError('no_permission');
      await db.transaction().execute(async (trx) => {
        const voucher = await validators.lockVoucher(trx, code);
        if (!voucher || voucher.status !== 'pending') throw new AppError('writeoff_code_invalid', { field: 'code' });
        if (!(await validators.isValidatorAt(trx, validator.id, voucher.point_id))) throw new AppError('no_permission');
        const point = await points.point(trx, voucher.point_id);
        if (!point?.active) throw new AppError('writeoff_failed');
        if (!(await points.takeInventory(trx, voucher.point_id, voucher.product_id)))
          throw new AppError('insufficient_inventory');
        await validators.writeOff(trx, voucher.id, validator.id, new Date(now()));
        await events.emit(trx, {
          userId: voucher.user_id,
          type: 'shipping',
          payload: { id: voucher.id, status: 'written_off' },
        });
      });
      const { point_id: _pointId, ...shown } = (await validators.voucher(db, code))!;
      return shown;
    },

    async writeoffs(validator: Actor, query: PageQuery): Promise<Page<Voucher>> {
      if (!validator.is_validator) throw new AppError('no_permission');
      const page = await pageById(query, (range) => validators.writeoffs(db, validator.id, range));
      return { next_cursor: page.next_cursor, items: page.items.map(({ id: _id, ...voucher }) => voucher) };
    },
  };
}
export type ShippingService = ReturnType<typeof createShippingService>;

export type { Country };
