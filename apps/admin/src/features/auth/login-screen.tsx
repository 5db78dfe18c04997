import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { ApiError } from '@wallx/shared';
import { getEthereum, walletErrorCode } from '../../lib/ethereum';
import { sessionStore, useOperatorSession } from '../../lib/session-store';
import { LanguageSelect } from '../../components/language-select';
import { loginWithWallet, NoAccountError } from './api/login';
import './login.css';

/** EIP-1193: the user declined in the wallet. */
const USER_REJECTED = 4001;

export function LoginScreen() {
  const { t } = useTranslation();
  const { session, reason } = useOperatorSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const from = (location.state as { from?: string } | null)?.from ?? '/';

  if (session) return <Navigate to={from} replace />;

  function messageOf(cause: unknown): string {
    if (cause instanceof ApiError) return cause.message;
    if (cause instanceof NoAccountError) return t('auth.no_account');
    if (walletErrorCode(cause) === USER_REJECTED) return t('auth.rejected');
    return t('auth.wallet_failed', { message: cause instanceof Error ? cause.message : String(cause) });
  }

  async function signIn() {
    const provider = getEthereum();
    if (!provider) {
      setError(t('auth.no_wallet'));
      return;
    }
    setError(null);
    setIsBusy(true);
    try {
      sessionStore.start(await loginWithWallet(provider));
      void navigate(from, { replace: true });
    } catch (cause) {
      setError(messageOf(cause));
    } finally {
      setIsBusy(false);
    }
  }

  const notice = error ?? (reason === 'expired' ? t('auth.expired') : null);
  return (
    <main className="login" id="content">
      <div className="login__card">
        <div className="brand brand--large" aria-hidden="true">
          <span className="brand__mark">W</span>
          <span>{t('app.name')}</span>
        </div>
        <h1 className="login__title">{t('auth.title')}</h1>
        <p className="login__lead">{t('auth.lead')}</p>
        {notice && (
          <p className={`notice ${error ? 'notice--error' : 'notice--info'}`} role="alert">
            {notice}
          </p>
        )}
        <button
          type="button"
          className="button button--primary button--block"
          onClick={() => void signIn()}
          disabled={isBusy}
          aria-busy={isBusy}
        >
          {isBusy ? t('auth.signing_in') : t('auth.sign_in')}
        </button>
        <p className="login__note">{t('auth.session_note')}</p>
        <div className="login__language">
          <LanguageSelect />
        </div>
      </div>
    </main>
  );
}
