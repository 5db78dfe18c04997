import { describe, expect, it } from 'vitest';
import { countries, errorCatalog, type Country } from '@wallx/shared';
import {
  addressFieldOfError,
  emptyAddressForm,
  POSTCODE_EXAMPLES,
  toAddressInput,
  validateAddress,
  type AddressForm,
} from './address-rules';

const countryName = (country: Country) => `<${country}>`;
const valid: AddressForm = {
  country: 'CN',
  province: 'CN-GD',
  recipient: 'Li Lei',
  phone: '138 0013 8000',
  postcode: '518000',
  detail: 'No. 1 Shennan Road',
};

describe('validateAddress', () => {
  it('passes a complete address', () => {
    expect(validateAddress(valid, countryName)).toEqual({});
  });

  it('requires all five parts (spec §5), each with its own message', () => {
    expect(validateAddress(emptyAddressForm, countryName)).toEqual({
      country: 'shipping.region_required',
      province: 'shipping.region_required',
      recipient: 'shipping.recipient_required',
      phone: 'shipping.phone_required',
      postcode: 'shipping.postcode_required',
      detail: 'shipping.detail_required',
    });
  });

  it('takes a part of spaces only as missing', () => {
    for (const field of ['recipient', 'phone', 'postcode', 'detail'] as const) {
      expect(Object.keys(validateAddress({ ...valid, [field]: '   ' }, countryName)), field).toEqual([field]);
    }
  });

  it('asks for a province once the country is chosen', () => {
    expect(validateAddress({ ...valid, province: '' }, countryName)).toEqual({ province: 'shipping.region_required' });
  });

  it('checks the postcode against the country, naming it with an example', () => {
    const cases: Record<Country, { good: string[]; bad: string[] }> = {
      CN: { good: ['518000'], bad: ['51800', '5180000', '518-000'] },
      JP: { good: ['100-0001', '1000001'], bad: ['100-001', '10-00001'] },
      KR: { good: ['06236'], bad: ['0623', '062366'] },
      ID: { good: ['10220'], bad: ['1022', 'A0220'] },
      US: { good: ['94105', '94105-1234'], bad: ['9410', '94105-12'] },
    };
    for (const country of countries) {
      for (const postcode of cases[country].good)
        expect(validateAddress({ ...valid, country, postcode }, countryName), `${country} ${postcode}`).toEqual({});
      for (const postcode of cases[country].bad) {
        expect(
          validateAddress({ ...valid, country, postcode }, countryName).postcode,
          `${country} ${postcode}`,
        ).toEqual({
          key: 'shipping.postcode_invalid',
          values: { country: `<${country}>`, example: POSTCODE_EXAMPLES[country] },
        });
      }
    }
  });

  it('gives each country an example postcode that its own pattern accepts', () => {
    for (const country of countries)
      expect(
        validateAddress({ ...valid, country, postcode: POSTCODE_EXAMPLES[country] }, countryName),
        country,
      ).toEqual({});
  });

  it('leaves the phone to the server: any non-blank text passes here', () => {
    expect(validateAddress({ ...valid, phone: '12345' }, countryName)).toEqual({});
  });
});

describe('toAddressInput', () => {
  it('sends every part trimmed', () => {
    expect(
      toAddressInput({ ...valid, recipient: ' Li Lei ', postcode: ' 518000', detail: 'No. 1 Shennan Road  ' }),
    ).toEqual(valid);
  });

  it('refuses a form without a country', () => {
    expect(() => toAddressInput(emptyAddressForm)).toThrow(RangeError);
  });
});

describe('addressFieldOfError', () => {
  it('places a refusal on the field the server names', () => {
    for (const field of ['country', 'province', 'recipient', 'phone', 'postcode', 'detail']) {
      expect(addressFieldOfError({ code: errorCatalog.invalid_params.code, field })).toBe(field);
    }
  });

  it('places "not a phone number of this region" on the phone', () => {
    expect(addressFieldOfError({ code: errorCatalog.phone_invalid.code })).toBe('phone');
  });

  it('has no field for a refusal about something else (the limit of 20)', () => {
    expect(addressFieldOfError({ code: errorCatalog.addresses_limit.code })).toBeUndefined();
    expect(addressFieldOfError({ code: errorCatalog.invalid_params.code, field: 'id' })).toBeUndefined();
  });
});
