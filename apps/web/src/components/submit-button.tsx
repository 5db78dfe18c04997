import type { ReactNode } from 'react';

/** A form's one primary action: while it is pending it says so, stays busy and cannot be pressed again. */
export function SubmitButton({
  isPending,
  disabled = false,
  pendingLabel,
  children,
}: {
  isPending: boolean;
  disabled?: boolean;
  pendingLabel: string;
  children: ReactNode;
}) {
  return (
    <button
      type="submit"
      className="button button--primary button--block funds-form__submit"
      disabled={isPending || disabled}
      aria-busy={isPending}
    >
      {isPending ? pendingLabel : children}
    </button>
  );
}
