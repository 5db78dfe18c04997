import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ADDRESSES_MAX, type DeliveryAddress } from '@wallx/shared';
import { ListLoadFailed } from '../../components/list-empty';
import { PageHeader } from '../../components/page-header';
import { useErrorToast } from '../../components/paged-list';
import { PullRefresh } from '../../components/pull-refresh';
import { CheckIcon, InfoIcon, PinIcon } from '../../components/screen-icons';
import { confirmDialog } from '../../lib/confirm-dialog';
import { useLanguage } from '../../lib/i18n';
import { showToast } from '../../lib/toast';
import { useDeleteAddress } from './api/delete-address';
import { useAddresses } from './api/get-addresses';
import { useRegions } from './api/get-regions';
import { useSetDefaultAddress } from './api/set-default-address';
import { AddressSheet } from './address-sheet';
import { addressBookStateOf } from './address-rules';
import { regionParts } from './regions';
import { EmptyState, ListSkeleton, useRefusalToast } from './shipping-parts';
import { EditIcon, PhoneIcon, PlusIcon, TrashIcon } from './shipping-icons';
import '../../components/card-list.css';
import '../../components/funds-form.css';
import './shipping-shared.css';
import './address-screen.css';
import './voucher-parts.css';
import './shipping-screen.css';
import './request-sheets.css';
import './validator-screen.css';

function AddressCard({ address, onEdit }: { address: DeliveryAddress; onEdit: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const regions = useRegions();
  const setDefault = useSetDefaultAddress();
  const remove = useDeleteAddress();
  const toastRefusal = useRefusalToast();
  const region = t('shipping.region_format', regionParts(regions.data, address.country, address.province, language));
  const isBusy = setDefault.isPending || remove.isPending;

  async function makeDefault() {
    try {
      await setDefault.mutateAsync(address.id);
      showToast(t('shipping.default_set'), 'success');
    } catch (error) {
      toastRefusal(error);
    }
  }

  async function confirmDelete() {
    const isConfirmed = await confirmDialog({
      content: t('shipping.delete_confirm'),
      confirmText: t('shipping.delete'),
      cancelText: t('common.cancel'),
    });
    if (!isConfirmed) return;
    try {
      await remove.mutateAsync(address.id);
      showToast(t('shipping.deleted'), 'success');
    } catch (error) {
      toastRefusal(error);
    }
  }

  return (
    <article
      className={`list-card address-card${address.is_default ? ' is-default' : ''}`}
      data-address-id={address.id}
      aria-label={address.recipient}
    >
      <header className="address-card__head">
        <h3 className="address-card__recipient">{address.recipient}</h3>
        <span className="address-card__phone">
          <PhoneIcon />
          {address.phone}
        </span>
      </header>
      <p className="address-card__region">
        <PinIcon />
        <span>
          {region} · {address.postcode}
        </span>
      </p>
      <p className="address-card__detail">{address.detail}</p>
      <footer className="list-card__foot address-card__foot">
        {/* Like a radio across the list: the one default is checked; another is one tap away. */}
        <button
          type="button"
          aria-pressed={address.is_default}
          className="address-card__default"
          onClick={() => void makeDefault()}
          disabled={isBusy || address.is_default}
        >
          <span className="address-card__radio" aria-hidden="true">
            {address.is_default && <CheckIcon />}
          </span>
          {t(address.is_default ? 'shipping.default' : 'shipping.set_default')}
        </button>
        <div className="address-card__actions">
          <button
            type="button"
            className="icon-button address-card__action"
            onClick={onEdit}
            aria-label={t('shipping.edit')}
            disabled={isBusy}
          >
            <EditIcon />
          </button>
          <button
            type="button"
            className="icon-button address-card__action address-card__action--danger"
            onClick={() => void confirmDelete()}
            aria-label={t('shipping.delete')}
            disabled={isBusy}
          >
            <TrashIcon />
          </button>
        </div>
      </footer>
    </article>
  );
}

export function AddressScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  // Come from a request sheet: the form opens at once, and saving goes back to the sheet.
  const [from] = useState(() => addressBookStateOf(location.state));
  const addresses = useAddresses();
  useErrorToast(addresses.error);
  const [editing, setEditing] = useState<DeliveryAddress | 'new' | null>(from?.isAdding ? 'new' : null);
  const items = addresses.data?.items;
  const isFull = (items?.length ?? 0) >= ADDRESSES_MAX;

  return (
    <div className="screen address-screen">
      <PageHeader title={t('user.address_book')} />
      <p className="ship-lead">
        <InfoIcon />
        {t('shipping.addresses_lead')}
      </p>
      {items ? (
        <PullRefresh onRefresh={() => addresses.refetch({ throwOnError: true })}>
          {items.length === 0 ? (
            <EmptyState title={t('shipping.addresses_empty')} text={t('shipping.addresses_empty_text')} />
          ) : (
            <ul className="card-list ship-list" aria-label={t('user.address_book')}>
              {items.map((address) => (
                <li key={address.id} className="card-list__item">
                  <AddressCard address={address} onEdit={() => setEditing(address)} />
                </li>
              ))}
            </ul>
          )}
        </PullRefresh>
      ) : addresses.isPending ? (
        <ListSkeleton />
      ) : (
        <ListLoadFailed
          text={t('shipping.addresses_failed')}
          className="ship-empty"
          onRetry={() => void addresses.refetch()}
        />
      )}
      {items && (
        <div className="ship-actions">
          <button
            type="button"
            className="button button--primary button--block"
            onClick={() => setEditing('new')}
            disabled={isFull}
          >
            <PlusIcon />
            {t('shipping.add_address')}
          </button>
          <p className="ship-actions__note">
            {isFull
              ? t('errors.addresses_limit', { max: ADDRESSES_MAX })
              : t('shipping.addresses_count', { count: items.length, max: ADDRESSES_MAX })}
          </p>
        </div>
      )}
      <AddressSheet
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={from ? () => void navigate(-1) : undefined}
      />
    </div>
  );
}
