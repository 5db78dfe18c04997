import { generate } from 'lean-qr';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { QrCode } from '../../components/qr-code';
import { copyText } from '../../lib/copy';
import { showToast } from '../../lib/toast';
import { chatAppOf, openInWalletLink, walletAppNames, walletApps } from './open-in-wallet';

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
        <ul className="connect-dialog__apps">
          {walletApps.map((app) => (
            <li key={app}>
              <a className="connect-dialog__app" href={openInWalletLink(app, pageUrl)} rel="noopener noreferrer" data-wallet={app} aria-label={t('wallets.open_in', { wallet: walletAppNames[app] })}>
                {walletAppNames[app]}
              </a>
            </li>
          ))}
        </ul>
      )}
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
