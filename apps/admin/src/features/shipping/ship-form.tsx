import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { OperatorShippingRequest } from '@wallx/shared';
import { useFormErrors } from '../../lib/form-errors';
import { useShipRequest } from './api/ship-request';

type Props = { request: OperatorShippingRequest; onShipped: (request: OperatorShippingRequest) => void };

// The endpoint's limits (shipInputSchema): 1 to 64 characters each, trimmed.
const MAX = 64;
const fields = ['carrier', 'tracking_no'] as const;

/** Marks a delivery shipped with what the user then reads: the carrier and the tracking number. */
export function ShipForm({ request, onShipped }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [values, setValues] = useState({ carrier: '', tracking_no: '' });
  const { errors, setErrors, fromServer, clear } = useFormErrors(fields);
  const mutation = useShipRequest();

  function submit(event: FormEvent) {
    event.preventDefault();
    const problems = Object.fromEntries(
      fields.filter((field) => values[field].trim() === '').map((field) => [field, t('shipping.required')]),
    );
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    mutation.mutate(
      { id: request.id, input: { carrier: values.carrier.trim(), tracking_no: values.tracking_no.trim() } },
      { onSuccess: onShipped, onError: fromServer },
    );
  }

  return (
    <form className="form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('shipping.mark_shipped')}</h3>
      {fields.map((field) => (
        <div className="field" key={field}>
          <label htmlFor={`${id}-${field}`} className="field__label">
            {t(`shipping.${field}`)}
          </label>
          <input
            id={`${id}-${field}`}
            className="input"
            value={values[field]}
            maxLength={MAX}
            aria-invalid={errors[field] ? true : undefined}
            aria-describedby={errors[field] ? `${id}-${field}-error` : undefined}
            onChange={(event) => {
              setValues({ ...values, [field]: event.target.value });
              clear(field);
            }}
          />
          {errors[field] && (
            <p id={`${id}-${field}-error`} className="field__error" role="alert">
              {errors[field]}
            </p>
          )}
        </div>
      ))}
      {errors.form && (
        <p className="notice notice--error" role="alert">
          {errors.form}
        </p>
      )}
      <button
        type="submit"
        className="button button--primary"
        disabled={mutation.isPending}
        aria-busy={mutation.isPending}
      >
        {mutation.isPending ? t('shipping.saving') : t('shipping.mark_shipped')}
      </button>
    </form>
  );
}
