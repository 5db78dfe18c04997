import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BottomSheet } from '../../components/bottom-sheet';
import { ETHEREUM_INITIALIZED_EVENT, getEthereum, walletErrorCode, type Eip1193Provider } from '../../lib/ethereum';
import { readReferee } from '../../lib/referee';
import { session, useSession } from '../../lib/session-store';
import { showToast } from '../../lib/toast';
import { WalletIcon, WarningIcon } from './auth-icons';
import type { MessageKey } from '../../lib/message-key';
import { NoAccountError } from './no-account-error';
import './connect-dialog.css';
import { ApiError } from '@wallx/shared';

/** Wallet (EIP-1193) error codes the user can act on. */
const walletMessages: Record<number, MessageKey> = {
  4001: 'auth.rejected',
  [-32002]: 'auth.pending',
};

function useEthereumProvider(): Eip1193Provider | null {
  const [provider, setProvider] = useState(getEthereum);
  useEffect(() => {
    const update = () => setProvider(getEthereum());
    window.addEventListener(ETHEREUM_INITIALIZED_EVENT, update);
    return () => window.removeEventListener(ETHEREUM_INITIALIZED_EVENT, update);
  }, []);
  return provider;
}

/** The two documents a user accepts by connecting, as /article opens them. */
const termsLinks = { agreement: '/article?key=agreement', privacy: '/article?key=privacy' } as const;

/**
 * "By connecting, you agree to the {{agreement}} and the {{privacy}}", the placeholders as links:
 * each language puts them where its grammar wants them.
 */
function TermsConsent() {
  const { t } = useTranslation();
  const sentence = t('auth.agree_terms', { agreement: '\u0000agreement\u0000', privacy: '\u0000privacy\u0000' });
  const parts: ReactNode[] = sentence.split('\u0000').map((part, index) => {
    if (index % 2 === 0 || !Object.hasOwn(termsLinks, part)) return part;
    const name = part as keyof typeof termsLinks;
    return (
      <Link key={name} to={termsLinks[name]} onClick={session.closeConnectBox}>
        {t(`auth.${name}`)}
      </Link>
    );
  });
  return <p className="connect-dialog__terms">{parts}</p>;
}

export function ConnectDialog() {
  const { t } = useTranslation();
  const isVisible = useSession((s) => s.showConnectBox);
  const tokenIsExpired = useSession((s) => s.tokenIsExpired);
  const provider = useEthereumProvider();
  const [isConnecting, setConnecting] = useState(false);

  function messageOf(error: unknown): string {
    if (error instanceof ApiError) return error.message;
    if (error instanceof NoAccountError) return t('auth.please_connect');
    const key = walletMessages[walletErrorCode(error) ?? 0];
    return key ? t(key) : t('auth.login_failed');
  }

  async function connect() {
    if (!provider) {
      showToast(t('auth.not_found'), 'fail');
      return;
    }
    setConnecting(true);
    try {
      // The signing code (the EIP-4361 message, address checksums) comes with the first connect, not with home.
      const { loginWithWallet } = await import('./wallet-login');
      session.login(await loginWithWallet(provider, readReferee()));
      showToast(t('auth.login_success'), 'success');
    } catch (error) {
      console.error('Login failed', error);
      showToast(messageOf(error));
    } finally {
      setConnecting(false);
    }
  }

  return (
    <BottomSheet visible={isVisible} onClose={session.closeConnectBox} title={t('auth.connect_title')} className="connect-dialog">
      <div className="connect-dialog__content">
        <div className="connect-dialog__icon">
          <WalletIcon />
        </div>
        {tokenIsExpired && (
          <p className="connect-dialog__notice" role="alert">
            <WarningIcon />
            {t('auth.logged_out')}
          </p>
        )}
        {provider ? (
          <p className="connect-dialog__tip">{t('auth.connect_tip')}</p>
        ) : (
          <div className="connect-dialog__missing" role="alert">
            <strong>{t('auth.not_found')}</strong>
            <p>{t('auth.not_found_tip')}</p>
          </div>
        )}
        <button
          type="button"
          className="button button--primary button--block"
          onClick={() => void connect()}
          disabled={isConnecting}
          aria-busy={isConnecting}
        >
          {isConnecting ? t('auth.connecting') : t('auth.connect_button')}
        </button>
        <TermsConsent />
      </div>
    </BottomSheet>
  );
}
