import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, CANCEL_NOTE_MAX, CANCEL_NOTE_MIN, type Market } from '@wallx/shared';
import { useCancelOrder } from './api/cancel-order';
import type { MarketOrder } from './api/get-market-orders';

type Props = { market: Market; order: MarketOrder; onDone: (order: MarketOrder) => void; onClose: () => void };

/**
 * A modal (the native dialog: focus kept inside, Escape closes) asking for the reason. The rule is the
 * server's (3 to 500 characters, trimmed), checked here first; the server's word wins.
 */
export function CancelDialog({ market, order, onDone, onClose }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const mutation = useCancelOrder();

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  function validate(text: string): string | null {
    const length = text.trim().length;
    if (length < CANCEL_NOTE_MIN) return t('markets.reason_too_short', { min: CANCEL_NOTE_MIN });
    if (length > CANCEL_NOTE_MAX) return t('markets.reason_too_long', { max: CANCEL_NOTE_MAX });
    return null;
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = validate(reason);
    setFieldError(problem);
    setFormError(null);
    if (problem) return;
    mutation.mutate(
      { market, id: order.id, reason: reason.trim() },
      {
        onSuccess: onDone,
        onError: (error) => {
          if (error instanceof ApiError && error.field === 'reason') setFieldError(error.message);
          else setFormError(error.message);
        },
      },
    );
  }

  const what =
    'amount' in order
      ? t('markets.c2c_summary', { amount: order.amount, price: order.unit_price })
      : t('markets.mtrade_summary', { machine: order.machine_no, price: order.unit_price });
  return (
    <dialog ref={dialog} className="dialog" aria-labelledby={`${id}-title`} onCancel={onClose}>
      <form onSubmit={submit} noValidate>
        <h2 id={`${id}-title`}>{t('markets.cancel_title', { id: order.id })}</h2>
        <p className="muted">{what}</p>
        <p>{t(market === 'c2c' ? 'markets.cancel_effect_c2c' : 'markets.cancel_effect_mtrade')}</p>
        <label htmlFor={id} className="field__label">
          {t('markets.reason')}
        </label>
        <textarea
          id={id}
          className="input textarea"
          rows={4}
          value={reason}
          maxLength={CANCEL_NOTE_MAX}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={`${id}-hint${fieldError ? ` ${id}-error` : ''}`}
          onChange={(event) => {
            setReason(event.target.value);
            if (fieldError) setFieldError(null);
          }}
        />
        <p id={`${id}-hint`} className="muted">
          {t('markets.reason_hint', { min: CANCEL_NOTE_MIN, max: CANCEL_NOTE_MAX })}
        </p>
        {fieldError && (
          <p id={`${id}-error`} className="field__error" role="alert">
            {fieldError}
          </p>
        )}
        {formError && (
          <p className="notice notice--error" role="alert">
            {formError}
          </p>
        )}
        <div className="dialog__buttons">
          <button type="button" className="button button--ghost" onClick={onClose}>
            {t('markets.keep_order')}
          </button>
          <button
            type="submit"
            className="button button--danger"
            disabled={mutation.isPending}
            aria-busy={mutation.isPending}
          >
            {mutation.isPending ? t('markets.cancelling') : t('markets.confirm_cancel')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
