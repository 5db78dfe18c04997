import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CATALOG_LIMITS, langText, type GiftGrant } from '@wallx/shared';
import { useLanguage } from '../../lib/i18n';
import { useForm } from '../../lib/use-form';
import { useGiftProducts } from './api/get-products';
import { useGrantGift } from './api/grant-gift';
import { grantInputOf, type GrantValues } from './form-rules';
import { DoneNotice, ErrorNotice, Field, SubmitButton } from '../../components/form-parts';

const newKey = () => crypto.randomUUID();
const fields = ['address', 'product_id', 'quantity', 'reason'] as const;

/**
 * Grants units of a gift product. The request carries a key made for this grant: a retry after a
 * lost answer grants once; a new key is made once the grant succeeds.
 */
export function GrantForm() {
  const { t } = useTranslation();
  const language = useLanguage();
  const products = useGiftProducts();
  const grant = useGrantGift();
  const form = useForm<GrantValues, keyof GrantValues>({
    initial: { address: '', product_id: '', quantity: '1', reason: '' },
    fields,
  });
  const [key, setKey] = useState(newKey);
  const [granted, setGranted] = useState<GiftGrant | null>(null);
  const gifts = products.data ?? [];
  const { values, errors } = form;
  const productId = values.product_id || gifts[0]?.id || '';

  const set = (name: keyof GrantValues, value: string) => {
    form.set(name, value);
    setGranted(null);
  };
  const errorFor = (field: keyof GrantValues) => errors[field];

  const submit = form.onSubmit((sent) => {
    setGranted(null);
    grant.mutate(
      { input: grantInputOf(sent, productId), key },
      {
        onSuccess: (result) => {
          setGranted(result);
          form.reset({ ...sent, address: '', quantity: '1', reason: '' });
          setKey(newKey());
        },
        onError: form.refuseWith,
      },
    );
  });

  return (
    <form className="panel grant-form" onSubmit={submit} noValidate aria-labelledby="grant-title">
      <h2 id="grant-title">{t('catalog.grant_title')}</h2>
      <div className="grant-form__grid">
        <Field label={t('catalog.grant_user')} error={errorFor('address')}>
          <input
            className="input"
            name="grant_address"
            value={values.address}
            placeholder="0x…"
            autoComplete="off"
            spellCheck={false}
            aria-invalid={errorFor('address') ? true : undefined}
            onChange={(event) => set('address', event.target.value)}
          />
        </Field>
        <Field label={t('catalog.grant_product')} error={errorFor('product_id')}>
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
        </Field>
        <Field label={t('catalog.quantity')} error={errorFor('quantity')}>
          <input
            className="input"
            name="quantity"
            type="number"
            min={1}
            max={CATALOG_LIMITS.giftQuantity}
            value={values.quantity}
            aria-invalid={errorFor('quantity') ? true : undefined}
            onChange={(event) => set('quantity', event.target.value)}
          />
        </Field>
        <Field label={t('catalog.reason')} className="grant-form__reason" error={errorFor('reason')}>
          <input
            className="input"
            name="reason"
            value={values.reason}
            maxLength={CATALOG_LIMITS.reason}
            placeholder={t('catalog.reason_placeholder')}
            aria-invalid={errorFor('reason') ? true : undefined}
            onChange={(event) => set('reason', event.target.value)}
          />
        </Field>
      </div>
      <ErrorNotice>{errors.form}</ErrorNotice>
      {granted && (
        <DoneNotice>
          {t('catalog.granted', {
            quantity: granted.quantity,
            product: langText(granted.product.name, language),
            address: granted.address,
          })}
        </DoneNotice>
      )}
      <SubmitButton busy={grant.isPending} disabled={gifts.length === 0}>
        {grant.isPending ? t('catalog.granting') : t('catalog.grant')}
      </SubmitButton>
    </form>
  );
}
