import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { langText, type OperatorPickupPoint, type PointInventory } from '@wallx/shared';
import { useLanguage } from '../../lib/i18n';
import { useSetInventory } from './api/save-point';

// The endpoint's range (inventoryInputSchema).
const MAX = 1_000_000;

function InventoryRow({ pointId, row }: { pointId: string; row: PointInventory }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [quantity, setQuantity] = useState(String(row.quantity));
  const [message, setMessage] = useState<{ isError: boolean; text: string } | null>(null);
  const mutation = useSetInventory();
  const name = langText(row.product_name, language);

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = Number(quantity);
    if (quantity.trim() === '' || !Number.isInteger(value) || value < 0 || value > MAX) {
      setMessage({ isError: true, text: t('shipping.quantity_invalid', { max: MAX }) });
      return;
    }
    mutation.mutate(
      { pointId, productId: row.product_id, quantity: value },
      {
        onSuccess: () => setMessage({ isError: false, text: t('shipping.saved') }),
        onError: (error) => setMessage({ isError: true, text: error.message }),
      },
    );
  }

  return (
    <form className="inventory__row" onSubmit={submit} noValidate>
      <label htmlFor={`stock-${pointId}-${row.product_id}`}>{name}</label>
      <input
        id={`stock-${pointId}-${row.product_id}`}
        className="input inventory__quantity"
        type="number"
        min={0}
        max={MAX}
        step={1}
        value={quantity}
        aria-invalid={message?.isError ? true : undefined}
        onChange={(event) => (setQuantity(event.target.value), setMessage(null))}
      />
      <button
        type="submit"
        className="button button--small"
        disabled={mutation.isPending}
        aria-label={t('shipping.set_stock_of', { product: name })}
      >
        {t('shipping.set_stock')}
      </button>
      {message && (
        <p className={message.isError ? 'field__error' : 'muted'} role={message.isError ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
    </form>
  );
}

/** What the point keeps of each physical product; each set on its own (one audited change). */
export function InventoryEditor({ point }: { point: OperatorPickupPoint }) {
  const { t } = useTranslation();
  return (
    <section className="inventory" aria-label={t('shipping.stock')}>
      <h3>{t('shipping.stock')}</h3>
      {point.inventory.length === 0 ? (
        <p className="muted">{t('shipping.no_physical')}</p>
      ) : (
        point.inventory.map((row) => <InventoryRow key={row.product_id} pointId={point.id} row={row} />)
      )}
    </section>
  );
}
