import { generate } from 'lean-qr';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { QrCode } from '../../components/qr-code';
import { CopyIcon } from '../../components/screen-icons';
import { copyWithToast } from '../../lib/copy';

type Props = { address: string | undefined; network: string; confirmations: number };

/**
 * The user's own deposit address, to send to from an exchange or another wallet: as a QR code, as
 * text and copied with one tap. Its box has its size before the address arrives, so nothing under
 * it moves when it does.
 */
export function DepositAddressCard({ address, network, confirmations }: Props) {
  const { t } = useTranslation();
  const qr = useMemo(() => (address ? generate(address) : null), [address]);
  return (
    <section className="deposit-address card" aria-labelledby="deposit-address-title" aria-busy={!address}>
      <div className="deposit-address__qr">
        {qr ? (
          <QrCode qr={qr} label={t('chain.my_address_qr')} className="deposit-address__qr-code" testId="deposit-qr" />
        ) : (
          <span className="shimmer deposit-address__qr-code" />
        )}
      </div>
      <div className="deposit-address__body">
        <h2 id="deposit-address-title" className="deposit-address__title">
          {t('chain.my_address')}
        </h2>
        <p className="deposit-address__value" data-testid="deposit-address" data-address={address}>
          {address ?? ' '}
        </p>
        <button
          type="button"
          className="button button--ghost button--small deposit-address__copy"
          disabled={!address}
          onClick={() => address && void copyWithToast(address)}
        >
          <CopyIcon />
          {t('common.copy')}
        </button>
      </div>
      <p className="deposit-address__note">{t('chain.my_address_note', { network, confirmations })}</p>
    </section>
  );
}
