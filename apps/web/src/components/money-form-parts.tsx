import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorCatalog, ApiError } from '@wallx/shared';
import type { FundPasswordState } from '../lib/return-to';
import { useSession } from '../lib/session-store';
import { showToast } from '../lib/toast';
import { InfoIcon, LockIcon } from './screen-icons';

/** Shown above a money form while the account is frozen: it may look, not transact. */
export function FrozenNotice() {
  const { t } = useTranslation();
  const isFrozen = useSession((s) => s.userinfo?.is_frozen === true);
  if (!isFrozen) return null;
  return (
    <p className="funds-notice funds-notice--warning" role="status">
      <LockIcon />
      {t('user.frozen')}
    </p>
  );
}

/** The line above a form's submit button that says what happens to the money. */
export function FormNote({ children }: { children: ReactNode }) {
  return (
    <p className="funds-form__note funds-form__note--info">
      <InfoIcon />
      {children}
    </p>
  );
}

/**
 * A money form's answer to a refusal: the message as a toast and on the field it is about
 * (`fieldOf` maps the server's error to the form's field); without a fund password the user is sent
 * to set one and brought back to `returnTo`.
 */
export function useRefusalHandler<F extends string>(
  returnTo: string,
  fieldOf: (error: ApiError) => F | undefined,
  onFieldError: (field: F, message: string) => void,
) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (error: unknown) => {
    const message = error instanceof ApiError ? error.message : t('errors.internal');
    showToast(message);
    if (!(error instanceof ApiError)) return;
    if (error.code === errorCatalog.fund_password_not_set.code) {
      const state: FundPasswordState = { returnTo };
      void navigate('/fpassword', { replace: true, state });
      return;
    }
    const field = fieldOf(error);
    if (field) onFieldError(field, message);
  };
}
