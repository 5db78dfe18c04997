import { useTranslation } from 'react-i18next';
import { shortAddress } from '@wallx/shared';
import { copyWithToast } from '../../lib/copy';
import { CopyIcon } from './chain-icons';

/** Where a withdrawal goes: always the account's own wallet, shown with a copy button. */
export function DestinationField({ address }: { address: string }) {
  const { t } = useTranslation();
  return (
    <div className="field">
      <div className="field__head">
        <span className="field__label" id="destination-label">
          {t('chain.destination')}
        </span>
      </div>
      <div className="chain-address" aria-labelledby="destination-label">
        <span className="chain-address__value" title={address} data-address={address}>
          {shortAddress(address)}
        </span>
        <button
          type="button"
          className="copy-button"
          onClick={() => void copyWithToast(address)}
          aria-label={`${t('common.copy')} ${t('chain.destination')}`}
        >
          <CopyIcon />
        </button>
      </div>
      <p className="field__hint">{t('chain.destination_note')}</p>
    </div>
  );
}

/** The fee, the total that leaves the balance and what arrives, under the amount. */
export function WithdrawalSummary({ fee, total, receive }: { fee: string; total: string; receive: string }) {
  const { t } = useTranslation();
  return (
    <dl className="chain-summary">
      <div className="chain-summary__row">
        <dt>{t('chain.fee')}</dt>
        <dd data-testid="withdraw-fee">{fee}</dd>
      </div>
      <div className="chain-summary__row">
        <dt>{t('chain.total')}</dt>
        <dd>{total}</dd>
      </div>
      <div className="chain-summary__row chain-summary__row--strong">
        <dt>{t('chain.receive')}</dt>
        <dd data-testid="withdraw-receive">{receive}</dd>
      </div>
    </dl>
  );
}
