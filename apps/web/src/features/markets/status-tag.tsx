import { useTranslation } from 'react-i18next';
import type { MarketOrderStatus } from '@wallx/shared';

export function StatusTag({ status }: { status: MarketOrderStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`status-tag status-tag--${status}`} data-status={status}>
      {t(`markets.status.${status}`)}
    </span>
  );
}
