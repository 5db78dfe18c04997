import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useNoticesUnread } from '../../lib/notices-unread';
import { BellIcon } from './user-icons';

/** The bell at the top of /user: opens the notices, with the count of those not seen yet. */
export function NoticeBell() {
  const { t } = useTranslation();
  const { data: unread = 0 } = useNoticesUnread();
  return (
    <Link
      to="/notices"
      className="icon-button icon-button--plain notice-bell"
      aria-label={unread > 0 ? t('notices.unread', { count: unread }) : t('notices.title')}
    >
      <BellIcon />
      {unread > 0 && (
        <span className="notice-bell__badge" aria-hidden="true" data-testid="notice-badge">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}
