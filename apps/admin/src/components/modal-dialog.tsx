import { useEffect, useId, useRef, type ReactNode } from 'react';
import { ErrorNotice } from './form-parts';

type Props = { title: string; onClose: () => void; children: ReactNode };

/**
 * A modal dialog on the browser's own <dialog>: the page behind is inert, focus stays inside, and
 * Escape closes it (without also closing the detail panel it was opened from).
 */
export function ModalDialog({ title, onClose, children }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.open) return;
    // jsdom has no showModal; the attribute shows it the same for tests.
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    return () => dialog.close?.();
  }, []);
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
      }}
    >
      <h2 id={titleId} className="dialog__title">
        {title}
      </h2>
      {children}
    </dialog>
  );
}

type ButtonsProps = {
  cancelLabel: string;
  confirmLabel: string;
  busyLabel?: string;
  busy: boolean;
  danger: boolean;
  onCancel: () => void;
  /** Left out, the confirm button submits the dialog's form. */
  onConfirm?: () => void;
  /** A refusal over the whole dialog, above its buttons. */
  error?: string | null;
};

/** A dialog's refusal, if any, then its way out and its decision; a decision that takes something away is drawn as a danger. */
export function DialogButtons({
  cancelLabel,
  confirmLabel,
  busyLabel,
  busy,
  danger,
  onCancel,
  onConfirm,
  error,
}: ButtonsProps) {
  return (
    <>
      <ErrorNotice>{error}</ErrorNotice>
      <div className="dialog__buttons">
        <button type="button" className="button button--ghost" onClick={onCancel}>
          {cancelLabel}
        </button>
        <button
          type={onConfirm ? 'button' : 'submit'}
          className={`button ${danger ? 'button--danger' : 'button--primary'}`}
          disabled={busy}
          aria-busy={busy}
          onClick={onConfirm}
        >
          {busy && busyLabel ? busyLabel : confirmLabel}
        </button>
      </div>
    </>
  );
}
