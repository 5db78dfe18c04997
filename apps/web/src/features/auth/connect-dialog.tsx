import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BottomSheet } from '../../components/bottom-sheet';
import type { Eip1193Provider } from '../../lib/ethereum';
import { walletErrorKey } from '../../lib/wallet-errors';
import { readReferee } from '../../lib/referee-store';
import { session, useSession } from '../../lib/session-store';
import { showToast } from '../../lib/toast';
import { WalletIcon, WarningIcon } from './auth-icons';
import { NoAccountError } from './no-account-error';
import { chooseWallet, useWallets, type WalletChoice } from '../../lib/wallet-discovery';
import { loadWalletTexts, useWalletTexts } from '../../lib/wallet-texts';
import { walletConnectSettings } from '../../lib/walletconnect-settings';
import './connect-dialog.css';
import { ApiError, type Language } from '@wallx/shared';

// With the QR code's encoder: only a browser without a wallet needs them.
const WalletConnectPairing = lazy(() => import('./wallet-panels').then((m) => ({ default: m.WalletConnectPairing })));

const NoWalletPanel = lazy(() => import('./wallet-panels').then((m) => ({ default: m.NoWalletPanel })));

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

/** The dialog as root-shell loads it: with its wallet texts in the language on screen. */
export async function withTexts(language: Language): Promise<{ default: typeof ConnectDialog }> {
  await loadWalletTexts(language);
  return { default: ConnectDialog };
}

export function ConnectDialog() {
  const { t } = useTranslation();
  const isVisible = useSession((s) => s.showConnectBox);
  const tokenIsExpired = useSession((s) => s.tokenIsExpired);
  const { wallets, isSearching } = useWallets();
  useWalletTexts();
  const [connectingTo, setConnectingTo] = useState<string | null>(null);
  const walletConnect = walletConnectSettings();
  const [isPairing, setPairing] = useState(false);
  const isConnecting = connectingTo !== null;

  function messageOf(error: unknown): string {
    if (error instanceof ApiError) return error.message;
    if (error instanceof NoAccountError) return t('auth.please_connect');
    return t(walletErrorKey(error, 'auth.login_failed'));
  }

  async function connect(wallet: WalletChoice) {
    chooseWallet(wallet);
    setConnectingTo(wallet.id);
    try {
      const provider: Eip1193Provider = wallet.provider;
      // The signing code (the EIP-4361 message, address checksums) comes with the first connect, not with home.
      const { loginWithWallet } = await import('./wallet-login');
      session.login(await loginWithWallet(provider, readReferee()));
      showToast(t('auth.login_success'), 'success');
    } catch (error) {
      console.error('Login failed', error);
      showToast(messageOf(error));
    } finally {
      setConnectingTo(null);
    }
  }
  const nameOf = (wallet: WalletChoice) => wallet.name || t('wallets.browser_wallet');

  return (
    <BottomSheet
      visible={isVisible}
      onClose={session.closeConnectBox}
      title={t('auth.connect_title')}
      className="connect-dialog"
    >
      <div className="connect-dialog__content">
        {(wallets.length > 0 || isSearching) && (
          <div className="connect-dialog__icon">
            <WalletIcon />
          </div>
        )}
        {tokenIsExpired && (
          <p className="connect-dialog__notice" role="alert">
            <WarningIcon />
            {t('auth.logged_out')}
          </p>
        )}
        {wallets.length === 1 && (
          <>
            <p className="connect-dialog__tip">{t('auth.connect_tip')}</p>
            <button
              type="button"
              className="button button--primary button--block"
              onClick={() => void connect(wallets[0]!)}
              disabled={isConnecting}
              aria-busy={isConnecting}
            >
              {isConnecting ? t('auth.connecting') : t('auth.connect_button')}
            </button>
          </>
        )}
        {wallets.length > 1 && (
          <>
            <p className="connect-dialog__tip">{t('wallets.choose')}</p>
            <ul className="connect-dialog__wallets">
              {wallets.map((wallet) => (
                <li key={wallet.id}>
                  <button
                    type="button"
                    className="connect-dialog__wallet"
                    onClick={() => void connect(wallet)}
                    disabled={isConnecting}
                    aria-busy={connectingTo === wallet.id}
                    aria-label={t('wallets.login_with', { wallet: nameOf(wallet) })}
                  >
                    {wallet.icon ? <img src={wallet.icon} alt="" width="32" height="32" /> : <WalletIcon />}
                    <span>{connectingTo === wallet.id ? t('auth.connecting') : nameOf(wallet)}</span>
                  </button>
                </li>
              ))}
            </ul>
          </>
        )}
        {wallets.length === 0 && isSearching && (
          <p className="connect-dialog__tip" role="status">
            {t('wallets.searching')}
          </p>
        )}
        {isPairing && walletConnect && (
          <Suspense fallback={null}>
            <WalletConnectPairing
              settings={walletConnect}
              onConnected={(provider) => {
                setPairing(false);
                void connect({ id: 'walletconnect', name: 'WalletConnect', icon: null, provider });
              }}
              onFailed={(error) => {
                console.error('WalletConnect failed', error);
                setPairing(false);
                showToast(t('wallets.wc_failed'));
              }}
            />
          </Suspense>
        )}
        {wallets.length === 0 && !isSearching && !isPairing && (
          <Suspense fallback={null}>
            <NoWalletPanel pageUrl={window.location.href} userAgent={navigator.userAgent} />
          </Suspense>
        )}
        {walletConnect && !isPairing && !isSearching && (
          <button
            type="button"
            className="connect-dialog__wallet"
            onClick={() => setPairing(true)}
            disabled={isConnecting}
            aria-label={t('wallets.wc_choose')}
          >
            <WalletIcon />
            <span>
              WalletConnect <small className="connect-dialog__hint">{t('wallets.wc_hint')}</small>
            </span>
          </button>
        )}
        <TermsConsent />
      </div>
    </BottomSheet>
  );
}
