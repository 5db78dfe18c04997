import { useTranslation } from 'react-i18next';
import { formatDate, ApiError, type Session } from '@wallx/shared';
import { ListLoadFailed } from '../../components/list-empty';
import { showToast } from '../../lib/toast';
import { useEndSessions, useSessions } from './api/sessions';
import { ListSection } from './user-parts';

function SessionRow({ session, onEnd, isEnding }: { session: Session; onEnd: () => void; isEnding: boolean }) {
  const { t } = useTranslation();
  const when = session.last_used_at
    ? t('sessions.last_used', { time: formatDate(session.last_used_at, 'Y-m-d H:i') })
    : t('sessions.signed_in', { time: formatDate(session.created_at, 'Y-m-d H:i') });
  return (
    <div className="list-row session-row" data-session={session.id}>
      <span className="session-row__body">
        <span className="list-row__label">{session.device || t('sessions.unknown_device')}</span>
        <span className="session-row__meta">{[session.network, when].filter(Boolean).join(' · ')}</span>
      </span>
      {session.is_current ? (
        <span className="session-row__current">{t('sessions.current')}</span>
      ) : (
        <button type="button" className="button button--ghost button--small" onClick={onEnd} disabled={isEnding}>
          {t('sessions.end')}
        </button>
      )}
    </div>
  );
}

/** Every device this wallet is logged in on: one that is not the user's can be ended at once. */
export function SessionsSection() {
  const { t } = useTranslation();
  const sessions = useSessions();
  const { endOne, endOthers } = useEndSessions();
  const refusal = (error: unknown) => showToast(error instanceof ApiError ? error.message : t('errors.internal'));
  const items = sessions.data?.items;
  const others = items?.filter((session) => !session.is_current).length ?? 0;

  const endOthersButton =
    others > 0 ? (
      <button
        type="button"
        className="button button--ghost session-end-others"
        disabled={endOthers.isPending}
        onClick={() =>
          endOthers.mutate(undefined, {
            onSuccess: () => showToast(t('sessions.others_ended'), 'success'),
            onError: refusal,
          })
        }
      >
        {t('sessions.end_others')}
      </button>
    ) : null;

  return (
    <ListSection id="settings-sessions" title={t('sessions.title')} after={endOthersButton}>
      <p className="session-intro">{t('sessions.text')}</p>
      {items ? (
        items.map((session) => (
          <SessionRow
            key={session.id}
            session={session}
            isEnding={endOne.isPending && endOne.variables === session.id}
            onEnd={() =>
              endOne.mutate(session.id, {
                onSuccess: () => showToast(t('sessions.ended'), 'success'),
                onError: refusal,
              })
            }
          />
        ))
      ) : sessions.isError ? (
        <ListLoadFailed
          text={t('sessions.failed')}
          className="session-failed"
          onRetry={() => void sessions.refetch()}
        />
      ) : (
        <span className="shimmer session-skeleton" aria-busy="true" aria-label={t('common.loading')} />
      )}
    </ListSection>
  );
}
