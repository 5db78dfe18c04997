import type { ComponentType, ReactNode, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChevronRightIcon } from '../../components/icons';
import { confirmDialog } from '../../lib/confirm-dialog';
import type { MessageKey } from '../../lib/message-key';
import { signOut } from '../../lib/sign-out';
import { LogoutIcon } from './user-icons';

export type Entry = {
  to: string;
  labelKey: MessageKey;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
  badge?: number | undefined;
};

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
export function LogoutButton() {
  const { t } = useTranslation();
  const confirmLogout = async () => {
    const isConfirmed = await confirmDialog({
      content: t('auth.logout_confirm'),
      confirmText: t('auth.logout'),
      cancelText: t('common.cancel'),
    });
    if (isConfirmed) signOut();
  };
  return (
    <button
      type="button"
      className="button button--danger button--block logout-button"
      onClick={() => void confirmLogout()}
    >
      <LogoutIcon />
      {t('auth.logout')}
    </button>
  );
}

/** A titled card of rows (the user centre's settings, each group of /settings); `after` sits below the card. */
export function ListSection({
  id,
  title,
  children,
  after,
}: {
  id: string;
  title: string;
  children: ReactNode;
  after?: ReactNode;
}) {
  return (
    <section className="section" aria-labelledby={id}>
      <h2 className="section__title" id={id}>
        {title}
      </h2>
      <div className="list card">{children}</div>
      {after}
    </section>
  );
}
