import type { ComponentType, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChevronRightIcon } from '../../components/icons';
import { confirmDialog } from '../../lib/confirm-dialog';
import type { MessageKey } from '../../lib/message-key';
import { signOut } from '../../lib/sign-out';

export type Entry = { to: string; labelKey: MessageKey; Icon: ComponentType<SVGProps<SVGSVGElement>>; badge?: number | undefined };

/** A row of the user centre's and the settings' lists: an icon, a label, a count of news, a chevron. */
export function EntryRow({ to, labelKey, Icon, badge }: Entry) {
  const { t } = useTranslation();
  return (
    <Link to={to} className="list-row">
      <span className="list-row__icon">
        <Icon />
      </span>
      <span className="list-row__label">{t(labelKey)}</span>
      {badge !== undefined && badge > 0 && (
        <span className="list-row__badge" aria-label={t('user.new_replies', { count: badge })}>
          {badge > 99 ? '99+' : badge}
        </span>
      )}
      <ChevronRightIcon className="list-row__chevron" />
    </Link>
  );
}

/** Logging out asks first: it ends the session on this device. */
export function useConfirmLogout() {
  const { t } = useTranslation();
  return async () => {
    const isConfirmed = await confirmDialog({
      content: t('auth.logout_confirm'),
      confirmText: t('auth.logout'),
      cancelText: t('common.cancel'),
    });
    if (isConfirmed) signOut();
  };
}
