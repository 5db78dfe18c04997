import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SHIP_CARRIER, SHIP_TRACKING_NO, type OperatorShippingRequest } from '@wallx/shared';
import { useForm } from '../../lib/use-form';
import { useShipRequest } from './api/ship-request';
import { shipProblems, type ShipValues } from './form-rules';
import { ErrorNotice, SubmitButton } from '../../components/form-parts';

type Props = { request: OperatorShippingRequest; onShipped: (request: OperatorShippingRequest) => void };

const fields = ['carrier', 'tracking_no'] as const;
const limits = { carrier: SHIP_CARRIER, tracking_no: SHIP_TRACKING_NO };

/** Marks a delivery shipped with what the user then reads: the carrier and the tracking number. */
export function ShipForm({ request, onShipped }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const form = useForm<ShipValues, keyof ShipValues>({
    initial: { carrier: '', tracking_no: '' },
    fields,
    validate: shipProblems,
  });
  const { values, errors } = form;
  const mutation = useShipRequest();

  const submit = form.onSubmit((sent) =>
    mutation.mutate(
      { id: request.id, input: { carrier: sent.carrier.trim(), tracking_no: sent.tracking_no.trim() } },
      { onSuccess: onShipped, onError: form.refuseWith },
    ),
  );

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
            maxLength={limits[field].max}
            aria-invalid={errors[field] ? true : undefined}
            aria-describedby={errors[field] ? `${id}-${field}-error` : undefined}
            onChange={(event) => form.set(field, event.target.value)}
          />
          {errors[field] && (
            <p id={`${id}-${field}-error`} className="field__error" role="alert">
              {errors[field]}
            </p>
          )}
        </div>
      ))}
      <ErrorNotice>{errors.form}</ErrorNotice>
      <SubmitButton busy={mutation.isPending}>
        {mutation.isPending ? t('shipping.saving') : t('shipping.mark_shipped')}
      </SubmitButton>
    </form>
  );
}
