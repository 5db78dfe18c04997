import { useTranslation } from 'react-i18next';
import type { DepositStatus, OperatorWithdrawalStatus } from '@wallx/shared';

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

export function WithdrawalStatus({ status }: { status: OperatorWithdrawalStatus }) {
  const { t } = useTranslation();
  return <span className={`status status--${withdrawalTone[status]}`}>{t(`money.status_${status}`)}</span>;
}

export function DepositReportStatus({ status }: { status: DepositStatus }) {
  const { t } = useTranslation();
  return <span className={`status status--${depositTone[status]}`}>{t(`money.deposit_${status}`)}</span>;
}
