import type { ReactNode } from 'react';
import { ModalDialog } from './modal-dialog';

type Props = {
  title: string;
  /** What confirming does, in words the operator reads before it happens. */
  children: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  busyLabel?: string;
  busy?: boolean;
  danger?: boolean;
  /** The refusal of the last try, if any. */
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
};

/**
 * A step that cannot be undone (approving a payout), asked once more in the console's own modal
 * rather than the browser's confirm(): it names what happens, and Escape or Cancel leaves it undone.
 */
export function ConfirmDialog({
  title,
  children,
  cancelLabel,
  confirmLabel,
  busyLabel,
  busy = false,
  danger = false,
  error,
  onConfirm,
  onClose,
}: Props) {
  return (
    <ModalDialog title={title} onClose={onClose}>
      <div className="dialog__form">
        <div className="dialog__text">{children}</div>
        {error && (
          <p className="notice notice--error" role="alert">
            {error}
          </p>
        )}
        <div className="dialog__buttons">
          <button type="button" className="button button--ghost" onClick={onClose}>
            {cancelLabel}
          </button>
          <button
            type="button"
            className={`button ${danger ? 'button--danger' : 'button--primary'}`}
            disabled={busy}
            aria-busy={busy}
            onClick={onConfirm}
          >
            {busy && busyLabel ? busyLabel : confirmLabel}
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
