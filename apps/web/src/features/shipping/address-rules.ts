import {
  deliveryAddressInputRules,
  errorCatalog,
  formProblems,
  POSTCODE_PATTERNS,
  type Country,
  type DeliveryAddress,
  type DeliveryAddressInput,
} from '@wallx/shared';
import { fieldOfError, fieldsOf } from '../../lib/form-rules';
import type { FieldError } from '../../lib/use-form';

/** The address form; `country` is empty until a region is picked. */
export type AddressForm = {
  country: Country | '';
  province: string;
  recipient: string;
  phone: string;
  postcode: string;
  detail: string;
};

/** Named as the request body names them, so a field the server names maps straight onto the form. */
export type AddressField = keyof AddressForm;
export type AddressErrors = Partial<Record<AddressField, FieldError>>;

export const addressFields: readonly AddressField[] = fieldsOf(deliveryAddressInputRules);

export const emptyAddressForm: AddressForm = {
  country: '',
  province: '',
  recipient: '',
  phone: '',
  postcode: '',
  detail: '',
};

/** What a postcode and a phone number of each country look like, for placeholders and messages. */
export const POSTCODE_EXAMPLES: Record<Country, string> = {
  CN: '518000',
  JP: '100-0001',
  KR: '06236',
  ID: '10220',
  US: '94105',
};
export const PHONE_EXAMPLES: Record<Country, string> = {
  CN: '138 0013 8000',
  JP: '090-1234-5678',
  KR: '010-1234-5678',
  ID: '0812-3456-7890',
  US: '(201) 555-0123',
};

export function addressFormOf(address: DeliveryAddress): AddressForm {
  const { country, province, recipient, phone, postcode, detail } = address;
  return { country, province, recipient, phone, postcode, detail };
}

/**
 * The address rules of the spec (§5: all five parts required, deliveryAddressInputSchema) and the
 * postcode of the country (the schema's refinement). Whether the phone is a number of the region is
 * the server's to say (it answers 5011 on the phone field). `countryName` words the postcode message.
 */
export function validateAddress(form: AddressForm, countryName: (country: Country) => string): AddressErrors {
  const errors = formProblems<AddressField, FieldError>(deliveryAddressInputRules, form, {
    country: { required: 'shipping.region_required' },
    province: { required: 'shipping.region_required' },
    recipient: { required: 'shipping.recipient_required' },
    phone: { required: 'shipping.phone_required' },
    postcode: { required: 'shipping.postcode_required' },
    detail: { required: 'shipping.detail_required' },
  });
  const postcode = form.postcode.trim();
  if (!errors.postcode && form.country !== '' && !POSTCODE_PATTERNS[form.country].test(postcode)) {
    errors.postcode = {
      key: 'shipping.postcode_invalid',
      values: { country: countryName(form.country), example: POSTCODE_EXAMPLES[form.country] },
    };
  }
  return errors;
}

/** The request body of a valid form, every part trimmed. */
export function toAddressInput(form: AddressForm): DeliveryAddressInput {
  if (form.country === '') throw new RangeError('toAddressInput needs a validated form');
  return {
    country: form.country,
    province: form.province,
    recipient: form.recipient.trim(),
    phone: form.phone.trim(),
    postcode: form.postcode.trim(),
    detail: form.detail.trim(),
  };
}

/** The form field a refusal of the server is about, if any: the one it names, or the phone for 5011. */
export function addressFieldOfError(error: { code: number; field?: string | undefined }): AddressField | undefined {
  return fieldOfError(error, addressFields, [[errorCatalog.phone_invalid.code, 'phone']]);
}

/** How a request sheet sends the user to /address: where to return once an address is saved, and whether to open the form. */
export type AddressBookState = { returnTo: string; isAdding: boolean };

/** The state of a visit from a request sheet, if this is one (only paths of this app). */
export function addressBookStateOf(state: unknown): AddressBookState | null {
  const value = state as Partial<AddressBookState> | null | undefined;
  const returnTo = value?.returnTo;
  if (typeof returnTo !== 'string' || !returnTo.startsWith('/') || returnTo.startsWith('//')) return null;
  return { returnTo, isAdding: value?.isAdding === true };
}
