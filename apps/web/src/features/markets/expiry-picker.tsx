import { useTranslation } from 'react-i18next';
import { orderExpiries, type OrderExpiry } from '@wallx/shared';

/** The eight lifetimes of a sell order, offered in every language. */
export function ExpiryPicker({
  value,
  onChange,
  error,
}: {
  value: OrderExpiry | null;
  onChange: (expiry: OrderExpiry) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <div className="field__head">
        <span className="field__label" id="expiry-label">
          {t('markets.expiry_label')}
        </span>
      </div>
      <div
        className="expiry-picker"
        role="radiogroup"
        aria-labelledby="expiry-label"
        aria-describedby={error ? 'expiry-message' : undefined}
      >
        {orderExpiries.map((expiry) => (
          <button
            key={expiry}
            type="button"
            role="radio"
            aria-checked={expiry === value}
            className={`expiry-picker__option${expiry === value ? ' is-checked' : ''}`}
            onClick={() => onChange(expiry)}
          >
            {t(`markets.expiry.${expiry}`)}
          </button>
        ))}
      </div>
      {error && (
        <p className="field__error" id="expiry-message" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
