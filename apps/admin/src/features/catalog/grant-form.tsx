import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, CATALOG_LIMITS, langText, type GiftGrant } from '@wallx/shared';
import { useLanguage } from '../../lib/i18n';
import { useGiftProducts } from './api/get-products';
import { useGrantGift } from './api/grant-gift';

const newKey = () => crypto.randomUUID();

/**
 * Grants units of a gift product. The request carries a key made for this grant: a retry after a
 * lost answer grants once; a new key is made once the grant succeeds.
 */
export function GrantForm() {
  const { t } = useTranslation();
  const language = useLanguage();
  const products = useGiftProducts();
  const grant = useGrantGift();
  const [form, setForm] = useState({ address: '', product_id: '', quantity: '1', reason: '' });
  const [key, setKey] = useState(newKey);
  const [refusal, setRefusal] = useState<{ field: string | null; message: string } | null>(null);
  const [granted, setGranted] = useState<GiftGrant | null>(null);
  const gifts = products.data ?? [];
  const productId = form.product_id || gifts[0]?.id || '';

  const set = (name: keyof typeof form, value: string) => {
    setForm({ ...form, [name]: value });
    setGranted(null);
  };
  const errorFor = (field: string) => (refusal?.field === field ? refusal.message : null);

  function submit(event: FormEvent) {
    event.preventDefault();
    setRefusal(null);
    setGranted(null);
    const quantity = /^\d+$/.test(form.quantity.trim()) ? Number(form.quantity.trim()) : 0;
    grant.mutate(
      { input: { address: form.address.trim(), product_id: productId, quantity, reason: form.reason.trim() }, key },
      {
        onSuccess: (result) => {
          setGranted(result);
          setForm({ ...form, address: '', quantity: '1', reason: '' });
          setKey(newKey());
        },
        onError: (error) =>
          setRefusal({ field: error instanceof ApiError ? (error.field ?? null) : null, message: error.message }),
      },
    );
  }

  const fieldError = (field: string) =>
    errorFor(field) && (
      <span className="field__error" role="alert">
        {errorFor(field)}
      </span>
    );
  const known = ['address', 'product_id', 'quantity', 'reason'];

  return (
    <form className="panel grant-form" onSubmit={submit} noValidate aria-labelledby="grant-title">
      <h2 id="grant-title">{t('catalog.grant_title')}</h2>
      <div className="grant-form__grid">
        <label className="field">
          <span className="field__label">{t('catalog.grant_user')}</span>
          <input
            className="input"
            name="grant_address"
            value={form.address}
            placeholder="0x…"
            autoComplete="off"
            spellCheck={false}
            aria-invalid={errorFor('address') ? true : undefined}
            onChange={(event) => set('address', event.target.value)}
          />
          {fieldError('address')}
        </label>
        <label className="field">
          <span className="field__label">{t('catalog.grant_product')}</span>
          <select
            name="product_id"
            value={productId}
            onChange={(event) => set('product_id', event.target.value)}
            disabled={gifts.length === 0}
          >
            {gifts.length === 0 && <option value="">{t('catalog.no_gift_products')}</option>}
            {gifts.map((product) => (
              <option key={product.id} value={product.id}>
                {t('catalog.gift_option', { name: langText(product.name, language), stock: product.stock })}
              </option>
            ))}
          </select>
          {fieldError('product_id')}
        </label>
        <label className="field">
          <span className="field__label">{t('catalog.quantity')}</span>
          <input
            className="input"
            name="quantity"
            type="number"
            min={1}
            max={CATALOG_LIMITS.giftQuantity}
            value={form.quantity}
            aria-invalid={errorFor('quantity') ? true : undefined}
            onChange={(event) => set('quantity', event.target.value)}
          />
          {fieldError('quantity')}
        </label>
        <label className="field grant-form__reason">
          <span className="field__label">{t('catalog.reason')}</span>
          <input
            className="input"
            name="reason"
            value={form.reason}
            maxLength={CATALOG_LIMITS.reason}
            placeholder={t('catalog.reason_placeholder')}
            aria-invalid={errorFor('reason') ? true : undefined}
            onChange={(event) => set('reason', event.target.value)}
          />
          {fieldError('reason')}
        </label>
      </div>
      {refusal && !known.includes(refusal.field ?? '') && (
        <p className="notice notice--error" role="alert">
          {refusal.message}
        </p>
      )}
      {granted && (
        <p className="notice notice--success" role="status">
          {t('catalog.granted', {
            quantity: granted.quantity,
            product: langText(granted.product.name, language),
            address: granted.address,
          })}
        </p>
      )}
      <button
        type="submit"
        className="button button--primary"
        disabled={grant.isPending || gifts.length === 0}
        aria-busy={grant.isPending}
      >
        {grant.isPending ? t('catalog.granting') : t('catalog.grant')}
      </button>
    </form>
  );
}
