import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { langText, POINT_STOCK_MAX, type OperatorPickupPoint, type PointInventory } from '@wallx/shared';
import { useLanguage } from '../../lib/i18n';
import { useForm } from '../../lib/use-form';
import { useSetInventory } from './api/save-point';
import { stockProblems, type StockValues } from './form-rules';

function InventoryRow({ pointId, row }: { pointId: string; row: PointInventory }) {
  const { t } = useTranslation();
  const language = useLanguage();
  // Every refusal shows in the row's one message line, so none is placed on a field.
  const form = useForm<StockValues, keyof StockValues>({
    initial: { quantity: String(row.quantity) },
    fields: [],
    validate: stockProblems,
  });
  const [saved, setSaved] = useState(false);
  const mutation = useSetInventory();
  const name = langText(row.product_name, language);
  const error = form.errors.quantity ?? form.errors.form;
  const message = error ? { isError: true, text: error } : saved ? { isError: false, text: t('shipping.saved') } : null;

  const submit = form.onSubmit((sent) => {
    setSaved(false);
    mutation.mutate(
      { pointId, productId: row.product_id, quantity: Number(sent.quantity) },
      { onSuccess: () => setSaved(true), onError: form.refuseWith },
    );
  });

  return (
    <form className="inventory__row" onSubmit={submit} noValidate>
      <label htmlFor={`stock-${pointId}-${row.product_id}`}>{name}</label>
      <input
        id={`stock-${pointId}-${row.product_id}`}
        className="input inventory__quantity"
        type="number"
        min={0}
        max={POINT_STOCK_MAX}
        step={1}
        value={form.values.quantity}
        aria-invalid={message?.isError ? true : undefined}
        // Typing takes the last message away, whether a refusal or the saved note.
        onChange={(event) => (form.reset({ quantity: event.target.value }), setSaved(false))}
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
