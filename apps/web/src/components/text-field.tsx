import { useState, type HTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EyeIcon, EyeOffIcon } from './eye-icons';

type Props = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** Already translated; shown under the field, which is then marked invalid. */
  error?: string | undefined;
  hint?: ReactNode;
  /** Beside the label, e.g. the available balance. */
  labelEnd?: ReactNode;
  /** Inside the box after the input, e.g. the asset and a Max button. */
  end?: ReactNode;
  isPassword?: boolean;
  /** Wraps long values (a 42-character address) instead of scrolling them out of sight. */
  isMultiline?: boolean;
  /** Free text of several lines (a message): Enter starts a new line, line breaks are kept. */
  isParagraph?: boolean;
  placeholder?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  autoComplete?: string;
  maxLength?: number;
  className?: string;
};

/** A labelled input of the funds forms, with its error or hint below. */
export function TextField({
  id,
  label,
  value,
  onChange,
  onBlur,
  error,
  hint,
  labelEnd,
  end,
  isPassword = false,
  isMultiline = false,
  isParagraph = false,
  placeholder,
  inputMode,
  autoComplete = 'off',
  maxLength,
  className,
}: Props) {
  const { t } = useTranslation();
  const [isRevealed, setRevealed] = useState(false);
  const messageId = `${id}-message`;
  const hasMessage = Boolean(error) || Boolean(hint);
  const common = {
    id,
    name: id,
    value,
    onBlur,
    placeholder,
    autoComplete,
    autoCapitalize: 'off',
    autoCorrect: 'off',
    spellCheck: false,
    maxLength,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': hasMessage ? messageId : undefined,
  } as const;

  return (
    <div className={`field${error ? ' field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <div className="field__head">
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
        {labelEnd}
      </div>
      <div className="field__box">
        {isParagraph ? (
          <textarea
            {...common}
            autoCapitalize="sentences"
            spellCheck
            className="field__input field__input--multiline field__input--paragraph"
            rows={5}
            onChange={(event) => onChange(event.target.value)}
          />
        ) : isMultiline ? (
          <textarea
            {...common}
            className="field__input field__input--multiline"
            rows={2}
            // One value, one line: pasted line breaks go, and Enter sends the form as in an input.
            onChange={(event) => onChange(event.target.value.replace(/[\r\n]+/g, ''))}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              event.currentTarget.form?.requestSubmit();
            }}
          />
        ) : (
          <input
            {...common}
            className="field__input"
            type={isPassword && !isRevealed ? 'password' : 'text'}
            inputMode={inputMode}
            onChange={(event) => onChange(event.target.value)}
          />
        )}
        {isPassword && (
          <button
            type="button"
            className="field__icon-button"
            onClick={() => setRevealed((revealed) => !revealed)}
            aria-label={isRevealed ? t('funds.hide_password') : t('funds.show_password')}
            aria-pressed={isRevealed}
            aria-controls={id}
          >
            {isRevealed ? <EyeOffIcon /> : <EyeIcon />}
          </button>
        )}
        {end}
      </div>
      {error ? (
        <p className="field__error" id={messageId} role="alert">
          {error}
        </p>
      ) : (
        hint && (
          <p className="field__hint" id={messageId}>
            {hint}
          </p>
        )
      )}
    </div>
  );
}
