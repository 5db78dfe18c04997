import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ADDRESS_LIMITS, type DeliveryAddress } from '@wallx/shared';
import { BottomSheet } from '../../components/bottom-sheet';
import { useRefusalHandler } from '../../components/money-form-parts';
import { SubmitButton } from '../../components/submit-button';
import { TextField } from '../../components/text-field';
import { useLanguage } from '../../lib/i18n';
import { showToast } from '../../lib/toast';
import { useForm, type FieldError } from '../../lib/use-form';
import { useCreateAddress } from './api/create-address';
import { useRegions } from './api/get-regions';
import { useUpdateAddress } from './api/update-address';
import {
  addressFieldOfError,
  addressFormOf,
  emptyAddressForm,
  PHONE_EXAMPLES,
  POSTCODE_EXAMPLES,
  toAddressInput,
  validateAddress,
  type AddressField,
  type AddressForm,
} from './address-rules';
import { RegionField, RegionPicker } from './region-picker';
import { countryName, regionParts } from './regions';

function AddressFormBody({
  address,
  onDone,
  onSaved,
}: {
  address: DeliveryAddress | null;
  onDone: () => void;
  onSaved: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const regions = useRegions();
  const create = useCreateAddress();
  const update = useUpdateAddress();
  const isPending = create.isPending || update.isPending;
  const [isPicking, setPicking] = useState(false);
  const { values, field, edit, touch, errorOf, trySubmit, refuse } = useForm<AddressForm, AddressField, FieldError>({
    initial: address ? addressFormOf(address) : emptyAddressForm,
    validate: (form) => validateAddress(form, (country) => countryName(country, language)),
  });
  const handleRefusal = useRefusalHandler('/address', addressFieldOfError, refuse);
  const { country } = values;
  const regionText =
    country === '' ? null : t('shipping.region_format', regionParts(regions.data, country, values.province, language));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!trySubmit() || isPending) return;
    const input = toAddressInput(values);
    try {
      if (address) await update.mutateAsync({ id: address.id, input });
      else await create.mutateAsync(input);
      showToast(t('shipping.saved'), 'success');
      onDone();
      onSaved?.();
    } catch (error) {
      handleRefusal(error);
    }
  }

  function closePicker() {
    setPicking(false);
    touch('country');
    touch('province');
  }

  return (
    <form className="address-form funds-form" onSubmit={(event) => void submit(event)} noValidate>
      <RegionField
        text={regionText}
        error={errorOf('country') ?? errorOf('province')}
        onOpen={() => setPicking(true)}
      />
      <TextField
        id="recipient"
        label={t('shipping.recipient')}
        placeholder={t('shipping.recipient_placeholder')}
        autoComplete="name"
        maxLength={ADDRESS_LIMITS.recipient}
        {...field('recipient', 'recipient')}
      />
      <TextField
        id="phone"
        label={t('shipping.phone')}
        placeholder={country === '' ? undefined : PHONE_EXAMPLES[country]}
        inputMode="tel"
        autoComplete="tel"
        maxLength={ADDRESS_LIMITS.phone}
        {...field('phone', 'phone')}
      />
      <TextField
        id="postcode"
        label={t('shipping.postcode')}
        placeholder={country === '' ? undefined : POSTCODE_EXAMPLES[country]}
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={ADDRESS_LIMITS.postcode}
        {...field('postcode', 'postcode')}
      />
      <TextField
        id="detail"
        label={t('shipping.detail')}
        placeholder={t('shipping.detail_placeholder')}
        autoComplete="street-address"
        maxLength={ADDRESS_LIMITS.detail}
        isMultiline
        {...field('detail', 'detail')}
      />
      <SubmitButton isPending={isPending} pendingLabel={t('shipping.saving')}>
        {t('shipping.save')}
      </SubmitButton>
      <RegionPicker
        visible={isPicking}
        value={{ country, province: values.province }}
        onPick={(region) => {
          edit(region, 'country', 'province');
          closePicker();
        }}
        onClose={closePicker}
      />
    </form>
  );
}

/** Adding (`'new'`) or editing an address, in a sheet over the list; `onSaved` runs after a save (back to a request). */
export function AddressSheet({
  editing,
  onClose,
  onSaved,
}: {
  editing: DeliveryAddress | 'new' | null;
  onClose: () => void;
  onSaved?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  // Kept while the sheet slides out, so its content does not vanish mid-animation.
  const [shown, setShown] = useState(editing);
  if (editing && editing !== shown) setShown(editing);
  const address = shown === 'new' ? null : shown;
  return (
    <BottomSheet
      visible={editing !== null}
      onClose={onClose}
      title={t(address ? 'shipping.edit_address' : 'shipping.add_address')}
      className="address-sheet"
    >
      {shown && <AddressFormBody key={address?.id ?? 'new'} address={address} onDone={onClose} onSaved={onSaved} />}
    </BottomSheet>
  );
}
