import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { OperatorProduct } from '@wallx/shared';
import { useAdjustStock } from './api/adjust-stock';

type Props = { product: OperatorProduct; canEdit: boolean };

/** Stock is adjusted by a change (+50, -10), never set: a sale in flight is then never overwritten. */
export function StockForm({ product, canEdit }: Props) {
  const { t } = useTranslation();
  const [change, setChange] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [result, setResult] = useState<string | null>(null);
  const adjust = useAdjustStock();

  function submit(event: FormEvent) {
    event.preventDefault();
    setRefusal(null);
    setResult(null);
    const value = change.trim();
    if (!/^[+-]?\d+$/.test(value) || Number(value) === 0) {
      setRefusal(t('catalog.stock_change_invalid'));
      return;
    }
    adjust.mutate(
      { id: product.id, change: Number(value) },
      {
        onSuccess: (updated) => {
          setChange('');
          setResult(t('catalog.stock_now', { stock: updated.stock }));
        },
        onError: (error) => setRefusal(error.message),
      },
    );
  }

  return (
    <form className="stock-form" onSubmit={submit} noValidate>
      <h3>{t('catalog.stock')}</h3>
      <p className="stock-form__figures">
        <span>{t('catalog.stock_left', { stock: product.stock })}</span>
        <span className="muted">{t('catalog.units_out', { count: product.units_out })}</span>
      </p>
      {canEdit && (
        <div className="stock-form__row">
          <label className="field">
            <span className="field__label">{t('catalog.stock_change')}</span>
            <input
              className="input"
              name="change"
              inputMode="numeric"
              placeholder="+100 / -10"
              value={change}
              aria-invalid={refusal ? true : undefined}
              onChange={(event) => setChange(event.target.value)}
            />
          </label>
          <button type="submit" className="button" disabled={adjust.isPending} aria-busy={adjust.isPending}>
            {t('catalog.apply_change')}
          </button>
        </div>
      )}
      {refusal && (
        <p className="field__error" role="alert">
          {refusal}
        </p>
      )}
      {result && (
        <p className="notice notice--success" role="status">
          {result}
        </p>
      )}
    </form>
  );
}
