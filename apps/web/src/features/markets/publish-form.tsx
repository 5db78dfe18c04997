import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorCatalog } from '@wallx/shared';
import { ApiError } from '../../lib/api-error';
import type { FundPasswordState } from '../../lib/return-to';
import { showToast } from '../../lib/toast';
import { InfoIcon, LockIcon } from './markets-icons';
import { publishFieldOfError, type PublishField } from './publish-rules';

export type ServerError = { field: PublishField; message: string };

/**
 * A refusal of a publish: its message as a toast, and on the field it is about; without a fund
 * password the user is sent to set one and brought back.
 */
export function useRefusalHandler(returnTo: string, onFieldError: (error: ServerError) => void) {
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
    const field = publishFieldOfError(error);
    if (field) onFieldError({ field, message });
  };
}

export function FrozenNotice() {
  const { t } = useTranslation();
  return (
    <p className="funds-notice funds-notice--warning" role="status">
      <LockIcon />
      {t('user.frozen')}
    </p>
  );
}

export function FormNote({ children }: { children: ReactNode }) {
  return (
    <p className="funds-form__note funds-form__note--info">
      <InfoIcon />
      {children}
    </p>
  );
}

export type SummaryRow = { label: string; value: string; unit: string; testId?: string; isStrong?: boolean };

/** What the order means in money, worked out exactly before the user commits. */
export function QuoteSummary({ rows }: { rows: readonly SummaryRow[] }) {
  return (
    <dl className="quote" aria-live="polite">
      {rows.map((row) => (
        <div key={row.label} className={`quote__row${row.isStrong ? ' is-strong' : ''}`}>
          <dt>{row.label}</dt>
          <dd data-testid={row.testId}>
            {row.value} <small>{row.unit}</small>
          </dd>
        </div>
      ))}
    </dl>
  );
}
