import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TextField } from './text-field';

/** The fund-password input of the money forms, with the way to change it beside its label. */
export function FundPasswordField({
  value,
  onChange,
  onBlur,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      id="fund_password"
      label={t('funds.password')}
      placeholder={t('funds.fund_password_placeholder')}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      error={error}
      isPassword
      autoComplete="current-password"
      maxLength={128}
      labelEnd={
        <Link to="/fpassword" className="field__link">
          {t('funds.change_submit')}
        </Link>
      }
    />
  );
}
