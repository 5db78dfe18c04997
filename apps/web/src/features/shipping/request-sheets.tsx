import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { langText, type DeliveryAddress, type Holding, ApiError } from '@wallx/shared';
import { BottomSheet } from '../../components/bottom-sheet';
import { ListLoadFailed } from '../../components/list-empty';
import { FundPasswordField } from '../../components/fund-password-field';
import { FormNote } from '../../components/money-form-parts';
import { CheckIcon } from '../../components/screen-icons';
import { SubmitButton } from '../../components/submit-button';
import { useLanguage } from '../../lib/i18n';
import { showToast } from '../../lib/toast';
import { useFundPasswordGate } from '../../lib/use-fund-password-gate';
import { useAddresses } from './api/get-addresses';
import { usePickupPoints, type PickupRegion } from './api/get-pickup-points';
import { useRegions } from './api/get-regions';
import { useRequestDelivery } from './api/request-delivery';
import { useRequestPickup } from './api/request-pickup';
import type { AddressBookState } from './address-rules';
import { holdingRef } from './holding-rules';
import { RegionField, RegionPicker } from './region-picker';
import { regionParts } from './regions';
import { useRefusalToast } from './shipping-parts';
import { PointDetails, ProductRow } from './voucher-parts';
// The choices are radio cards like the asset picker's.
import '../../components/funds-form.css';

export type RequestKind = 'delivery' | 'pickup';

/** One choice of a radio group of cards (an address, a pick-up point). */
function Choice({
  isChecked,
  onChoose,
  children,
  testId,
}: {
  isChecked: boolean;
  onChoose: () => void;
  children: ReactNode;
  testId: string;
}) {
  return (
    <button
      type="button"
      role="radio"
      aria-checked={isChecked}
      className={`choice${isChecked ? ' is-checked' : ''}`}
      onClick={onChoose}
      data-choice={testId}
    >
      <span className="choice__body">{children}</span>
      <span className="choice__check" aria-hidden="true">
        {isChecked && <CheckIcon />}
      </span>
    </button>
  );
}

/**
 * To /address and back: the sheet is in the URL of /shipping, so Back (or saving an address, which
 * goes back by itself) reopens it where the user left it.
 */
function useAddressBookState(isAdding: boolean): AddressBookState {
  const location = useLocation();
  return { returnTo: `${location.pathname}${location.search}`, isAdding };
}

/** Why nothing can be chosen (no address yet), and the way out. */
function Blocker({ title, text }: { title: string; text: string }) {
  const { t } = useTranslation();
  const addressBook = useAddressBookState(true);
  return (
    <div className="request-blocker" role="status">
      <p className="request-blocker__title">{title}</p>
      <p className="request-blocker__text">{text}</p>
      <Link to="/address" state={addressBook} className="button button--ghost button--small">
        {t('shipping.add_address')}
      </Link>
    </div>
  );
}

function ChoicesSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="choices" aria-busy="true" aria-label={t('common.loading')}>
      <span className="shimmer choice-skeleton" />
      <span className="shimmer choice-skeleton" />
    </div>
  );
}

function AddressChoice({ address }: { address: DeliveryAddress }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const regions = useRegions();
  return (
    <>
      <span className="choice__title">
        {address.recipient} <small>{address.phone}</small>
      </span>
      <span className="choice__line">
        {t('shipping.region_format', regionParts(regions.data, address.country, address.province, language))} ·{' '}
        {address.detail}
      </span>
    </>
  );
}

/**
 * One choice of a list (an address, a pick-up point), the first chosen until the user picks
 * another, the fund password that confirms the request (a physical miner leaving the account is as
 * final as a withdrawal), and the submission: sent once, said when done, a wrong password on its
 * field, any other refusal as a toast.
 */
function useRequest<T extends { id: string }>(
  items: T[] | undefined,
  send: (id: string, fundPassword: string) => Promise<unknown>,
  success: string,
  onDone: () => void,
) {
  const { t } = useTranslation();
  // Mounted only while the sheet is open: without a fund password the user goes to set one first.
  const gate = useFundPasswordGate('/shipping');
  const [chosen, setChosen] = useState<string | null>(null);
  const [fundPassword, setFundPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>(undefined);
  const [isPending, setPending] = useState(false);
  const toastRefusal = useRefusalToast();
  // A choice of another list (the points of the region before) gives way to the first of this one.
  const chosenId = (items?.some((item) => item.id === chosen) ? chosen : items?.[0]?.id) ?? null;
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (chosenId === null || isPending || gate !== 'ready') return;
    if (fundPassword === '') {
      setPasswordError(t('funds.fund_password_required'));
      return;
    }
    setPending(true);
    try {
      await send(chosenId, fundPassword);
      showToast(success, 'success');
      onDone();
    } catch (error) {
      toastRefusal(error);
      if (error instanceof ApiError && error.field === 'fund_password') setPasswordError(error.message);
    } finally {
      setPending(false);
    }
  }
  const password = {
    value: fundPassword,
    onChange: (value: string) => {
      setFundPassword(value);
      setPasswordError(undefined);
    },
    onBlur: () => undefined,
    error: passwordError,
  };
  return { chosenId, choose: setChosen, isPending, isReady: gate === 'ready', password, submit };
}

/** The product, what to choose, the fund password, what it means, and the button: both requests' form. */
function RequestForm(props: {
  holding: Holding;
  note: string;
  submitLabel: string;
  request: ReturnType<typeof useRequest>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { holding, note, submitLabel, request, children } = props;
  return (
    <form className="request-form" onSubmit={(event) => void request.submit(event)} noValidate>
      <ProductRow product={holding.product} machineNo={holding.machine_no} />
      {children}
      {request.chosenId !== null && <FundPasswordField {...request.password} />}
      <FormNote>{note}</FormNote>
      <SubmitButton
        isPending={request.isPending}
        disabled={request.chosenId === null || !request.isReady}
        pendingLabel={t('shipping.requesting')}
      >
        {submitLabel}
      </SubmitButton>
    </form>
  );
}

/** The choices as a labelled radio group of cards. */
function ChoiceField({
  id,
  label,
  end,
  children,
}: {
  id: string;
  label: string;
  end?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <div className="field__head">
        <span className="field__label" id={id}>
          {label}
        </span>
        {end}
      </div>
      <div className="choices" role="radiogroup" aria-labelledby={id}>
        {children}
      </div>
    </div>
  );
}

/** Delivery: to one of my addresses, the default one chosen first. */
function DeliveryForm({ holding, onDone }: { holding: Holding; onDone: () => void }) {
  const { t } = useTranslation();
  const addresses = useAddresses();
  const mutation = useRequestDelivery();
  const items = addresses.data?.items;
  const addressBook = useAddressBookState(false);
  const request = useRequest(
    items,
    (id, fundPassword) => mutation.mutateAsync({ ...holdingRef(holding), address_id: id, fund_password: fundPassword }),
    t('shipping.delivery_requested'),
    onDone,
  );

  let choices: ReactNode;
  if (!items) {
    choices = addresses.isPending ? (
      <ChoicesSkeleton />
    ) : (
      <ListLoadFailed
        text={t('shipping.addresses_failed')}
        className="ship-empty"
        onRetry={() => void addresses.refetch()}
      />
    );
  } else if (items.length === 0) {
    choices = <Blocker title={t('errors.delivery_address_required')} text={t('shipping.no_address_text')} />;
  } else {
    const manage = (
      <Link to="/address" state={addressBook} className="field__link">
        {t('shipping.manage_addresses')}
      </Link>
    );
    choices = (
      <ChoiceField id="deliver-to" label={t('shipping.deliver_to')} end={manage}>
        {items.map((address) => (
          <Choice
            key={address.id}
            isChecked={address.id === request.chosenId}
            onChoose={() => request.choose(address.id)}
            testId={address.id}
          >
            <AddressChoice address={address} />
          </Choice>
        ))}
      </ChoiceField>
    );
  }

  return (
    <RequestForm
      holding={holding}
      note={t('shipping.delivery_note')}
      submitLabel={t('shipping.confirm_delivery')}
      request={request}
    >
      {choices}
    </RequestForm>
  );
}

/** Whether the region has a point, said as soon as it is chosen: the points to choose from, or why there are none. */
function PointChoices({
  points,
  region,
  request,
}: {
  points: ReturnType<typeof usePickupPoints>;
  region: string;
  request: ReturnType<typeof useRequest>;
}) {
  const { t } = useTranslation();
  const items = points.data?.items;
  if (!items) {
    return points.isPending ? (
      <ChoicesSkeleton />
    ) : (
      <ListLoadFailed text={t('shipping.points_failed')} className="ship-empty" onRetry={() => void points.refetch()} />
    );
  }
  if (items.length === 0) {
    return (
      <div className="request-blocker" role="status" data-testid="pickup-points-none">
        <p className="request-blocker__title">{t('shipping.no_point_in', { region })}</p>
        <p className="request-blocker__text">{t('shipping.no_point_text')}</p>
      </div>
    );
  }
  return (
    <ChoiceField id="pickup-at" label={t('shipping.points_in', { region })}>
      {items.map((point) => (
        <Choice
          key={point.id}
          isChecked={point.id === request.chosenId}
          onChoose={() => request.choose(point.id)}
          testId={langText(point.name, 'en_US')}
        >
          <PointDetails point={point} />
        </Choice>
      ))}
    </ChoiceField>
  );
}

/**
 * Pick-up: the region first (that of the default address when there is one), then one of its points,
 * shown as soon as the region is chosen. No address is asked for (decision 128).
 */
function PickupForm({ holding, onDone }: { holding: Holding; onDone: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const addresses = useAddresses();
  const regions = useRegions();
  const [picked, setPicked] = useState<PickupRegion | null>(null);
  const [isPicking, setPicking] = useState(false);
  const home = addresses.data?.items[0];
  const region = picked ?? (home ? { country: home.country, province: home.province } : null);
  const points = usePickupPoints(holding.product.id, region);
  const mutation = useRequestPickup();
  const request = useRequest(
    points.data?.items,
    (id, fundPassword) => mutation.mutateAsync({ ...holdingRef(holding), point_id: id, fund_password: fundPassword }),
    t('shipping.pickup_requested'),
    onDone,
  );
  const regionText = region
    ? t('shipping.region_format', regionParts(regions.data, region.country, region.province, language))
    : null;
  const isAwaitingHome = picked === null && addresses.isPending;

  return (
    <RequestForm
      holding={holding}
      note={t('shipping.pickup_note')}
      submitLabel={t('shipping.confirm_pickup')}
      request={request}
    >
      <RegionField
        label={t('shipping.pickup_region')}
        placeholder={t('shipping.pickup_region_placeholder')}
        text={regionText}
        error={undefined}
        onOpen={() => setPicking(true)}
      />
      {regionText !== null ? (
        <PointChoices points={points} region={regionText} request={request} />
      ) : isAwaitingHome ? (
        <ChoicesSkeleton />
      ) : (
        <p className="field__hint">{t('shipping.pickup_region_hint')}</p>
      )}
      <RegionPicker
        visible={isPicking}
        value={region ?? { country: '', province: '' }}
        onPick={(chosen) => {
          setPicked(chosen);
          setPicking(false);
        }}
        onClose={() => setPicking(false)}
      />
    </RequestForm>
  );
}

/** The request of one held product, by delivery or pick-up, in a sheet over the list. */
export function RequestSheet({
  request,
  onClose,
}: {
  request: { kind: RequestKind; holding: Holding } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(request);
  if (request && request !== shown) setShown(request);
  const isPickup = shown?.kind === 'pickup';
  return (
    <BottomSheet
      visible={request !== null}
      onClose={onClose}
      title={t(isPickup ? 'shipping.pickup_title' : 'shipping.delivery_title')}
      className="request-sheet"
    >
      {shown &&
        (isPickup ? (
          <PickupForm key={`pickup-${shown.holding.id}`} holding={shown.holding} onDone={onClose} />
        ) : (
          <DeliveryForm key={`delivery-${shown.holding.id}`} holding={shown.holding} onDone={onClose} />
        ))}
    </BottomSheet>
  );
}
