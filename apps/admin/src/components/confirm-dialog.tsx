import type { ReactNode } from 'react';
import { DialogButtons, ModalDialog } from './modal-dialog';

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
        <DialogButtons
          cancelLabel={cancelLabel}
          confirmLabel={confirmLabel}
          busyLabel={busyLabel}
          busy={busy}
          danger={danger}
          error={error}
          onCancel={onClose}
          onConfirm={onConfirm}
        />
      </div>
    </ModalDialog>
  );
}
