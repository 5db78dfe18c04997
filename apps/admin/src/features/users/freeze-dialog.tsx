import { useTranslation } from 'react-i18next';
import { FREEZE_REASON, type OperatorUser } from '@wallx/shared';
import { ReasonDialog } from '../../components/reason-dialog';
import { useFreezeUser } from './api/freeze-user';

type Props = { user: OperatorUser; onClose: () => void; onDone: (user: OperatorUser) => void };

/** Freezing or unfreezing asks why: the reason is kept in the audit log with the operator's address. */
export function FreezeDialog({ user, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const mutation = useFreezeUser();
  const freezing = !user.is_frozen;
  return (
    <ReasonDialog
      title={freezing ? t('users.freeze_title') : t('users.unfreeze_title')}
      rule={FREEZE_REASON}
      label={t('users.reason')}
      hint={t('users.reason_hint', { min: FREEZE_REASON.min, max: FREEZE_REASON.max })}
      tooShort={t('users.reason_too_short', { min: FREEZE_REASON.min })}
      tooLong={t('users.reason_too_long', { max: FREEZE_REASON.max })}
      cancelLabel={t('users.cancel')}
      submitLabel={freezing ? t('users.freeze_confirm') : t('users.unfreeze_confirm')}
      danger={freezing}
      busy={mutation.isPending}
      onSubmit={(reason, refuse) =>
        mutation.mutate({ id: user.id, request: { frozen: freezing, reason } }, { onSuccess: onDone, onError: refuse })
      }
      onClose={onClose}
    >
      <p className="dialog__text">{freezing ? t('users.freeze_explain') : t('users.unfreeze_explain')}</p>
      <p>
        <code className="break">{user.address}</code>
      </p>
    </ReasonDialog>
  );
}
