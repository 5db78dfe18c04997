import type { ReactNode } from 'react';

/** A refusal or failure, read out at once (role alert); nothing when there is none. */
export function ErrorNotice({ children }: { children?: ReactNode }) {
  if (children === undefined || children === null || children === false || children === '') return null;
  return (
    <p className="notice notice--error" role="alert">
      {children}
    </p>
  );
}

/** What was just done (saved, sent, granted), read out when the reader is free (role status). */
export function DoneNotice({ children }: { children: ReactNode }) {
  return (
    <p className="notice notice--success" role="status">
      {children}
    </p>
  );
}

type SubmitProps = { busy: boolean; disabled?: boolean; className?: string; children: ReactNode };

/** A form's send button: held while the request is out, and said to be busy meanwhile. */
export function SubmitButton({ busy, disabled = false, className = 'button button--primary', children }: SubmitProps) {
  return (
    <button type="submit" className={className} disabled={busy || disabled} aria-busy={busy}>
      {children}
    </button>
  );
}

type FieldProps = { label: ReactNode; error?: ReactNode; className?: string; children: ReactNode };

/** A control with its label above and its error under it, all inside the label (clicking the words focuses it). */
export function Field({ label, error, className, children }: FieldProps) {
  return (
    <label className={className ? `field ${className}` : 'field'}>
      <span className="field__label">{label}</span>
      {children}
      {error && (
        <span className="field__error" role="alert">
          {error}
        </span>
      )}
    </label>
  );
}
