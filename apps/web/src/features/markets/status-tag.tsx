import { useTranslation } from 'react-i18next';
import type { MarketOrderStatus } from '@wallx/shared';
import { StatusPill, type StatusTone } from '../../components/status-tag';

const tones: Record<MarketOrderStatus, StatusTone> = { pending: 'waiting', filled: 'done', cancelled: 'over' };

export function StatusTag({ status }: { status: MarketOrderStatus }) {
  const { t } = useTranslation();
  return (
    <StatusPill tone={tones[status]} status={status}>
      {t(`markets.status.${status}`)}
    </StatusPill>
  );
}
