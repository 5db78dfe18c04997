import { useTranslation } from 'react-i18next';
import type { DepositStatus, OperatorWithdrawalStatus, Sweep } from '@wallx/shared';

type Tone = 'ok' | 'warn' | 'bad' | 'info';

const withdrawalTone: Record<OperatorWithdrawalStatus, Tone> = {
  pending_review: 'warn',
  held: 'bad',
  queued: 'info',
  broadcast: 'info',
  completed: 'ok',
  failed: 'bad',
  refunded: 'info',
  rejected: 'info',
};

const depositTone: Record<DepositStatus, Tone> = {
  pending: 'warn',
  confirming: 'warn',
  credited: 'ok',
  failed: 'bad',
  invalid: 'bad',
};

/** A sweep's or a cold transfer's transaction on chain. */
const chainMoveTone: Record<Sweep['status'], Tone> = {
  sent: 'warn',
  confirmed: 'ok',
  reverted: 'bad',
  dropped: 'bad',
};

export function ChainMoveStatus({ status }: { status: Sweep['status'] }) {
  const { t } = useTranslation();
  return <span className={`status status--${chainMoveTone[status]}`}>{t(`money.move_${status}`)}</span>;
}

export function WithdrawalStatus({ status }: { status: OperatorWithdrawalStatus }) {
  const { t } = useTranslation();
  return <span className={`status status--${withdrawalTone[status]}`}>{t(`money.status_${status}`)}</span>;
}

export function DepositReportStatus({ status }: { status: DepositStatus }) {
  const { t } = useTranslation();
  return <span className={`status status--${depositTone[status]}`}>{t(`money.deposit_${status}`)}</span>;
}
