import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { OperatorProduct } from '@wallx/shared';
import { useForm } from '../../lib/use-form';
import { useAdjustStock } from './api/adjust-stock';
import { stockChangeOf, stockProblems, type StockValues } from './form-rules';
import { DoneNotice, Field, SubmitButton } from '../../components/form-parts';

type Props = { product: OperatorProduct; canEdit: boolean };

/** Stock is adjusted by a change (+50, -10), never set: a sale in flight is then never overwritten. */
export function StockForm({ product, canEdit }: Props) {
  const { t } = useTranslation();
  const form = useForm<StockValues, keyof StockValues>({
    initial: { change: '' },
    fields: [],
    validate: stockProblems,
  });
  const [result, setResult] = useState<string | null>(null);
  const adjust = useAdjustStock();
  // The rule's text and any refusal of the server show in the same place, under the row.
  const refusal = form.errors.change ?? form.errors.form;

  function submit(event: FormEvent) {
    setResult(null);
    form.onSubmit((sent) =>
      adjust.mutate(
        { id: product.id, change: stockChangeOf(sent.change) ?? 0 },
        {
          onSuccess: (updated) => {
            form.reset();
            setResult(t('catalog.stock_now', { stock: updated.stock }));
          },
          onError: form.refuseWith,
        },
      ),
    )(event);
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
          <Field label={t('catalog.stock_change')}>
            <input
              className="input"
              name="change"
              inputMode="numeric"
              placeholder="+100 / -10"
              value={form.values.change}
              aria-invalid={refusal ? true : undefined}
              onChange={(event) => form.set('change', event.target.value)}
            />
          </Field>
          <SubmitButton busy={adjust.isPending} className="button">
            {t('catalog.apply_change')}
          </SubmitButton>
        </div>
      )}
      {refusal && (
        <p className="field__error" role="alert">
          {refusal}
        </p>
      )}
      {result && <DoneNotice>{result}</DoneNotice>}
    </form>
  );
}
