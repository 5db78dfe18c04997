import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@wallx/shared';
import { TextField } from './text-field';

/**
 * The amount input of the money forms (transfer, withdrawal): whole units of `asset`, a Max button
 * that fills in `max`, and the balance under it (after `note`, e.g. the minimum).
 */
export function AmountField({
  asset,
  available,
  max,
  onMax,
  placeholder,
  note,
  ...field
}: {
  asset: string;
  available: string;
  max: bigint;
  onMax: () => void;
  placeholder: string;
  note?: ReactNode;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      id="amount"
      label={t('funds.amount')}
      placeholder={placeholder}
      {...field}
      inputMode="numeric"
      maxLength={24}
      hint={
        <>
          {note}
          {t('funds.available')} {formatNumber(available)} {asset}
        </>
      }
      end={
        <>
          <span className="field__suffix">{asset}</span>
          <button type="button" className="field__max" onClick={onMax} disabled={max === 0n}>
            {t('funds.max')}
          </button>
        </>
      }
    />
  );
}
