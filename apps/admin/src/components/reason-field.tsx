import { useId, useState } from 'react';
import { ApiError, lengthProblem, type LengthRule } from '@wallx/shared';

type Messages = { tooShort: string; tooLong: string };

/**
 * A free text the server checks by length (a reason, a reply): the text, its rule checked before
 * sending, and the server's refusal when it names the field; the server's word wins.
 */
export function useReason(rule: LengthRule, messages: Messages, field = 'reason') {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  return {
    value,
    error,
    rule,
    change(text: string) {
      setValue(text);
      if (error) setError(null);
    },
    /** The trimmed text if it passes the rule; otherwise the field says why, and null. */
    check(): string | null {
      const problem = lengthProblem(value, rule);
      setError(problem === 'too_short' ? messages.tooShort : problem === 'too_long' ? messages.tooLong : null);
      return problem ? null : value.trim();
    },
    /** Places the server's refusal on the field when it is about it; answers whether it was. */
    refuse(failure: Error, fields: readonly string[] = [field]): boolean {
      if (!(failure instanceof ApiError && failure.field && fields.includes(failure.field))) return false;
      setError(failure.message);
      return true;
    },
    clear() {
      setValue('');
      setError(null);
    },
  };
}

export type Reason = ReturnType<typeof useReason>;

type Props = {
  reason: Reason;
  label: string;
  hint: string;
  rows?: number;
  /** Shows how many characters of the most are used. */
  counter?: boolean;
};

/** The text box of a `useReason`, with its hint under it and its error (read out) below. */
export function ReasonField({ reason, label, hint, rows = 4, counter = false }: Props) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <textarea
        id={id}
        className="input textarea"
        rows={rows}
        value={reason.value}
        maxLength={reason.rule.max}
        aria-invalid={reason.error ? true : undefined}
        aria-describedby={reason.error ? `${errorId} ${hintId}` : hintId}
        onChange={(event) => reason.change(event.target.value)}
      />
      {counter ? (
        <div className="reply-form__meta">
          <span id={hintId} className="muted">
            {hint}
          </span>
          <span className="muted" aria-hidden="true">
            {reason.value.length}/{reason.rule.max}
          </span>
        </div>
      ) : (
        <span id={hintId} className="muted">
          {hint}
        </span>
      )}
      {reason.error && (
        <p id={errorId} className="field__error" role="alert">
          {reason.error}
        </p>
      )}
    </>
  );
}
