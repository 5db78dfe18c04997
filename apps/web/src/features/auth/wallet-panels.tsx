import { generate } from 'lean-qr';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QrCode } from '../../components/qr-code';
import { copyText } from '../../lib/copy';
import type { Eip1193Provider } from '../../lib/ethereum';
import { showToast } from '../../lib/toast';
import {
  chatAppOf,
  openInWalletLink,
  walletAppNames,
  walletApps,
  walletConnectApps,
  walletConnectLink,
  type WalletApp,
  type WalletConnectApp,
} from './open-in-wallet';
import type { WalletConnectSettings } from '../../lib/walletconnect-settings';

// The connect sheet's two panels with a QR code, in one chunk loaded only when one is shown.

/** Wallet apps two by two, each a link by its name (`label` says what it does); `children` last. */
function WalletLinks<App extends WalletApp | WalletConnectApp>({
  apps,
  href,
  label,
  children,
}: {
  apps: readonly App[];
  href: (app: App) => string;
  label: (wallet: string) => string;
  children?: ReactNode;
}) {
  return (
    <ul className="connect-dialog__apps">
      {apps.map((app) => (
        <li key={app}>
          <a
            className="connect-dialog__app"
            href={href(app)}
            rel="noopener noreferrer"
            data-wallet={app}
            aria-label={label(walletAppNames[app])}
          >
            {walletAppNames[app]}
          </a>
        </li>
      ))}
      {children && <li>{children}</li>}
    </ul>
  );
}

/**
 * No wallet in this browser: open this very page (path, query and invite code) in a wallet app, copy
 * it for any other wallet, or scan it from a second phone. Inside a chat app, whose browser opens no
 * wallet, the way out to the phone's browser comes first. Loaded only when it is needed (the QR code).
 */
export function NoWalletPanel({ pageUrl, userAgent }: { pageUrl: string; userAgent: string }) {
  const { t } = useTranslation();
  const chatApp = chatAppOf(userAgent);
  const qr = useMemo(() => generate(pageUrl), [pageUrl]);
  // Where the clipboard is refused, the link itself is shown, to copy by hand.
  async function copy() {
    showToast((await copyText(pageUrl)) ? t('wallets.link_copied') : pageUrl);
  }
  return (
    <div className="connect-dialog__none">
      {chatApp ? (
        <div className="connect-dialog__missing" role="alert">
          <strong>{t('wallets.chat_title', { app: t(`wallets.app_${chatApp}`) })}</strong>
          <p>{t('wallets.chat_tip')}</p>
        </div>
      ) : (
        <div className="connect-dialog__missing" role="alert">
          <strong>{t('wallets.none_title')}</strong>
          <p>{t('wallets.none_tip')}</p>
        </div>
      )}
      {!chatApp && (
        <WalletLinks
          apps={walletApps}
          href={(app) => openInWalletLink(app, pageUrl)}
          label={(wallet) => t('wallets.open_in', { wallet })}
        />
      )}
      {!chatApp && <p className="connect-dialog__hint">{t('wallets.paste_in')}</p>}
      <button type="button" className="button button--block" onClick={() => void copy()}>
        {t('wallets.copy_link')}
      </button>
      <figure className="connect-dialog__qr">
        <QrCode qr={qr} label={pageUrl} className="connect-dialog__qr-code" testId="page-qr" />
        <figcaption>{t('wallets.qr')}</figcaption>
      </figure>
    </div>
  );
}

/**
 * WalletConnect's pairing, loaded when the user chooses it: the client library, a QR code of the
 * pairing URI for a wallet on another phone, and on this one each wallet's own link (a bare `wc:`
 * link last, for any other wallet). `onConnected`
 * gets the session's provider once the wallet approves; `onFailed` when pairing cannot start.
 */
export function WalletConnectPairing({
  settings,
  onConnected,
  onFailed,
}: {
  settings: WalletConnectSettings;
  onConnected: (provider: Eip1193Provider) => void;
  onFailed: (error: unknown) => void;
}) {
  const { t } = useTranslation();
  const [uri, setUri] = useState<string | null>(null);
  useEffect(() => {
    let isCurrent = true;
    void import('../../lib/walletconnect')
      .then(({ connectWalletConnect }) => connectWalletConnect(settings, (pairing) => isCurrent && setUri(pairing)))
      .then((provider) => isCurrent && onConnected(provider))
      .catch((error: unknown) => isCurrent && onFailed(error));
    return () => {
      isCurrent = false;
    };
    // One pairing per opening: a new one starts only when the sheet shows this again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const qr = useMemo(() => (uri ? generate(uri) : null), [uri]);
  if (!uri || !qr) {
    return (
      <p className="connect-dialog__tip" role="status">
        {t('wallets.wc_starting')}
      </p>
    );
  }
  return (
    <div className="connect-dialog__none" data-testid="walletconnect-pairing" data-uri={uri}>
      <p className="connect-dialog__tip">{t('wallets.wc_scan')}</p>
      <figure className="connect-dialog__qr">
        <QrCode
          qr={qr}
          label={t('wallets.wc_qr')}
          className="connect-dialog__qr-code connect-dialog__qr-code--large"
          testId="walletconnect-qr"
        />
      </figure>
      <WalletLinks
        apps={walletConnectApps}
        href={(app) => walletConnectLink(app, uri)}
        label={(wallet) => t('wallets.wc_open_in', { wallet })}
      >
        <a className="connect-dialog__app" href={uri} rel="noopener noreferrer">
          {t('wallets.wc_other')}
        </a>
      </WalletLinks>
    </div>
  );
}
