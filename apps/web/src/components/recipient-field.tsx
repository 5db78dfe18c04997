import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shortAddress } from '@wallx/shared';
import { useRecentRecipients } from '../lib/recent-recipients';
import { addressFromText } from '../lib/recipient-rules';
import { showToast } from '../lib/toast';
import { Icon, type IconProps } from './icons';
import { ScanIcon, ScanSheet } from './scan-sheet';
import { TextField } from './text-field';
import './recipient-field.css';

const PasteIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="6" y="4.5" width="12" height="16" rx="2" />
    <path d="M9.5 4.5V3.8c0-.7.5-1.3 1.2-1.3h2.6c.7 0 1.2.6 1.2 1.3v.7M9.5 11h5M9.5 15h3.5" />
  </Icon>
);

type Props = {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error: string | undefined;
};

/**
 * The recipient of a transfer (of funds or of a miner): typed, pasted, scanned from a wallet's
 * receive QR code (the camera the validator's desk uses), or one tap on a recent recipient. The
 * texts are the funds texts, which every screen with a transfer loads.
 */
export function RecipientField({ value, onChange, onBlur, error }: Props) {
  const { t } = useTranslation();
  const recent = useRecentRecipients();
  const [isScanning, setScanning] = useState(false);

  async function paste() {
    const text = await navigator.clipboard?.readText().catch(() => null);
    const address = text ? (addressFromText(text) ?? text.trim()) : null;
    if (!address) {
      showToast(t('funds.paste_empty'));
      return;
    }
    onChange(address.slice(0, 64));
    onBlur();
  }

  function acceptScan(text: string): boolean {
    const address = addressFromText(text);
    if (!address) return false;
    onChange(address);
    onBlur();
    setScanning(false);
    return true;
  }

  const items = recent.data?.items.filter((item) => item.address !== value.trim().toLowerCase()) ?? [];
  return (
    <>
      <TextField
        id="to"
        label={t('funds.recipient')}
        placeholder={t('funds.recipient_placeholder')}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        error={error}
        maxLength={64}
        className="field--address"
        isMultiline
        end={
          <>
            <button
              type="button"
              className="field__icon-button"
              onClick={() => void paste()}
              aria-label={t('funds.paste')}
            >
              <PasteIcon />
            </button>
            <button
              type="button"
              className="field__icon-button"
              onClick={() => setScanning(true)}
              aria-label={t('funds.scan_address')}
            >
              <ScanIcon />
            </button>
          </>
        }
      />
      {items.length > 0 && (
        <div className="recipient-recent" role="group" aria-labelledby="recipient-recent-label">
          <span className="recipient-recent__label" id="recipient-recent-label">
            {t('funds.recent_recipients')}
          </span>
          {items.map((item) => (
            <button
              key={item.address}
              type="button"
              className="recipient-recent__chip"
              onClick={() => {
                onChange(item.address);
                onBlur();
              }}
              aria-label={item.address}
              data-address={item.address}
            >
              {shortAddress(item.address)}
            </button>
          ))}
        </div>
      )}
      <ScanSheet
        visible={isScanning}
        onClose={() => setScanning(false)}
        accept={acceptScan}
        texts={{
          title: t('funds.scan_address_title'),
          starting: t('funds.scan_starting'),
          hint: t('funds.scan_address_hint'),
          rejected: t('funds.scan_not_address'),
          denied: t('funds.camera_denied'),
          unavailable: t('funds.camera_unavailable'),
        }}
      />
    </>
  );
}
