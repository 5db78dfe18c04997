import { generate } from 'lean-qr';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatWriteoffCode, langText, type PickupPoint } from '@wallx/shared';
import { CatalogImage } from '../../components/card-parts';
import { QrCode } from '../../components/qr-code';
import { CopyIcon, PinIcon } from '../../components/screen-icons';
import { copyWithToast } from '../../lib/copy';
import { useLanguage } from '../../lib/i18n';
import { ClockIcon, StoreIcon } from './shipping-icons';

type ProductRef = { name: string; image: string };

/** The product of a holding, request or voucher: its picture, its name, and its machine number (none: an unused order). */
export function ProductRow({
  product,
  machineNo,
  children,
}: {
  product: ProductRef;
  machineNo: string | null;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <div className="product-row">
      <CatalogImage src={product.image} className="product-row__image" />
      <div className="product-row__main">
        <h3 className="product-row__name">{langText(product.name, language)}</h3>
        <span className="product-row__unit">
          {machineNo ? t('shipping.machine_no', { no: machineNo }) : t('shipping.unused_order')}
        </span>
        {children}
      </div>
    </div>
  );
}

/** A pick-up point: its name, address and opening hours ('lang:::text' picked in the UI language). */
export function PointDetails({ point }: { point: PickupPoint }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <div className="point-details">
      <p className="point-details__name">
        <StoreIcon />
        {langText(point.name, language)}
      </p>
      <p className="point-details__line">
        <PinIcon />
        {langText(point.address, language)}
      </p>
      {point.hours && (
        <p className="point-details__line">
          <ClockIcon />
          {t('shipping.hours', { hours: point.hours })}
        </p>
      )}
    </div>
  );
}

/** The write-off code as a QR code a validator scans, and as text in groups of four to read out. */
export function VoucherCode({ code, isUsed, canCopy = false }: { code: string; isUsed: boolean; canCopy?: boolean }) {
  const { t } = useTranslation();
  const qr = useMemo(() => generate(code), [code]);
  return (
    <div className={`voucher-code${isUsed ? ' is-used' : ''}`}>
      <div className="voucher-code__qr">
        <QrCode qr={qr} label={t('shipping.voucher_qr')} className="voucher-code__svg" testId="voucher-qr" />
        {isUsed && (
          <span className="voucher-code__stamp" aria-hidden="true">
            {t('shipping.status.written_off')}
          </span>
        )}
      </div>
      <span className="voucher-code__label">{t('shipping.writeoff_code')}</span>
      <div className="voucher-code__row">
        <strong className="voucher-code__text" data-testid="voucher-code" data-code={code}>
          {formatWriteoffCode(code)}
        </strong>
        {canCopy && (
          <button
            type="button"
            className="copy-button"
            onClick={() => void copyWithToast(formatWriteoffCode(code))}
            aria-label={t('shipping.copy_code')}
          >
            <CopyIcon />
          </button>
        )}
      </div>
    </div>
  );
}

/** A label over a value, in a card's list of facts. */
export function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="ship-fact">
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}
