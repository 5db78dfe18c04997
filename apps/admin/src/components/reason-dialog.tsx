import { useState, type FormEvent, type ReactNode } from 'react';
import type { LengthRule } from '@wallx/shared';
import { DialogButtons, ModalDialog } from './modal-dialog';
import { ReasonField, useReason } from './reason-field';

type Props = {
  title: string;
  /** What the decision does and to whom, above the reason. */
  children?: ReactNode;
  rule: LengthRule;
  label: string;
  hint: string;
  tooShort: string;
  tooLong: string;
  cancelLabel: string;
  submitLabel: string;
  /** The submit button's words while the request runs. */
  busyLabel?: string;
  /** A decision that takes something away (freezing, cancelling) is drawn as a danger. */
  danger?: boolean;
  busy: boolean;
  /** Sends the trimmed reason; `refuse` places the server's refusal on the field or over the form. */
  onSubmit: (reason: string, refuse: (error: Error) => void) => void;
  onClose: () => void;
};

/**
 * A decision that must say why (freezing a user, cancelling an order): a modal with the reason,
 * checked by the server's rule before it is sent; the server's word wins.
 */
export function ReasonDialog({
  title,
  children,
  rule,
  label,
  hint,
  tooShort,
  tooLong,
  cancelLabel,
  submitLabel,
  busyLabel,
  danger = false,
  busy,
  onSubmit,
  onClose,
}: Props) {
  const reason = useReason(rule, { tooShort, tooLong });
  const [formError, setFormError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const text = reason.check();
    if (text === null) return;
    onSubmit(text, (error) => {
      if (!reason.refuse(error)) setFormError(error.message);
    });
  }

  return (
    <ModalDialog title={title} onClose={onClose}>
      <form className="dialog__form" onSubmit={submit} noValidate>
        {children}
        <ReasonField reason={reason} label={label} hint={hint} counter />
        <DialogButtons
          cancelLabel={cancelLabel}
          confirmLabel={submitLabel}
          busyLabel={busyLabel}
          busy={busy}
          danger={danger}
          error={formError}
          onCancel={onClose}
        />
      </form>
    </ModalDialog>
  );
}
