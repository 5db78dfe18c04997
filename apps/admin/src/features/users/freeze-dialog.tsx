import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, FREEZE_REASON_MAX, FREEZE_REASON_MIN, type OperatorUser } from '@wallx/shared';
import { ModalDialog } from '../../components/modal-dialog';
import { useFreezeUser } from './api/freeze-user';

type Props = { user: OperatorUser; onClose: () => void; onDone: (user: OperatorUser) => void };

/** Freezing or unfreezing asks why: the reason is kept in the audit log with the operator's address. */
export function FreezeDialog({ user, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const mutation = useFreezeUser();
  const freezing = !user.is_frozen;

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = reason.trim();
    const problem = trimmed.length < FREEZE_REASON_MIN ? t('users.reason_too_short', { min: FREEZE_REASON_MIN }) : null;
    setFieldError(problem);
    setFormError(null);
    if (problem) return;
    mutation.mutate(
      { id: user.id, request: { frozen: freezing, reason: trimmed } },
      {
        onSuccess: onDone,
        onError: (error) => {
          if (error instanceof ApiError && error.field === 'reason') setFieldError(error.message);
          else setFormError(error.message);
        },
      },
    );
  }

  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <ModalDialog title={freezing ? t('users.freeze_title') : t('users.unfreeze_title')} onClose={onClose}>
      <form className="dialog__form" onSubmit={submit} noValidate>
        <p className="dialog__text">{freezing ? t('users.freeze_explain') : t('users.unfreeze_explain')}</p>
        <p>
          <code className="break">{user.address}</code>
        </p>
        <label htmlFor={id} className="field__label">
          {t('users.reason')}
        </label>
        <textarea
          id={id}
          className="input textarea"
          rows={4}
          value={reason}
          maxLength={FREEZE_REASON_MAX}
          required
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? `${errorId} ${hintId}` : hintId}
          onChange={(event) => {
            setReason(event.target.value);
            if (fieldError) setFieldError(null);
          }}
        />
        <div className="reply-form__meta">
          <span id={hintId} className="muted">
            {t('users.reason_hint', { min: FREEZE_REASON_MIN, max: FREEZE_REASON_MAX })}
          </span>
          <span className="muted" aria-hidden="true">
            {reason.length}/{FREEZE_REASON_MAX}
          </span>
        </div>
        {fieldError && (
          <p id={errorId} className="field__error" role="alert">
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
            {t('users.cancel')}
          </button>
          <button
            type="submit"
            className={`button ${freezing ? 'button--danger' : 'button--primary'}`}
            disabled={mutation.isPending}
            aria-busy={mutation.isPending}
          >
            {freezing ? t('users.freeze_confirm') : t('users.unfreeze_confirm')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
