import type { DeliveryAddress, DeliveryAddressInput } from '@wallx/shared';
import { ADDRESSES_MAX } from '@wallx/shared';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import { AppError } from '../../platform/errors/app-error.js';
import { isProvinceOf } from './regions.js';
import type { ShippingDeps } from './deps.js';

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

/** The user's delivery addresses: at most ADDRESSES_MAX, one of them the default (the user's region). */
export function createAddressBook({ db, addresses }: ShippingDeps) {
  return {
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
  };
}
