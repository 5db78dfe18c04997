import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, NICKNAME_MAX, NICKNAME_MIN, errorCatalog, type LeaderboardProfile } from '@wallx/shared';
import { TextField } from '../../components/text-field';
import { confirmDialog } from '../../lib/confirm-dialog';
import { showToast } from '../../lib/toast';
import { useLeaveBoard, useProfile, useSaveProfile } from './api/leaderboard';
import { nicknameProblem } from './wellbeing-rules';

function ProfileStatus({ profile }: { profile: LeaderboardProfile }) {
  const { t } = useTranslation();
  if (!profile.on_board)
    return (
      <p className="wb-note" data-testid="board-status">
        {t('leaderboard.off_board')}
      </p>
    );
  return (
    <>
      {profile.nickname && !profile.hidden && (
        <p className="wb-note" data-testid="board-status">
          {t('leaderboard.on_board', { name: profile.nickname })}
        </p>
      )}
      {profile.hidden && <p className="wb-note wb-note--warn">{t('leaderboard.hidden')}</p>}
    </>
  );
}

function NicknameForm({ profile }: { profile: LeaderboardProfile }) {
  const { t } = useTranslation();
  const save = useSaveProfile();
  const leave = useLeaveBoard();
  const [nickname, setNickname] = useState(profile.nickname ?? '');
  const [error, setError] = useState<string | undefined>();
  const isBusy = save.isPending || leave.isPending;

  const problemText = (value: string) => {
    const problem = nicknameProblem(value);
    if (problem === 'short') return t('leaderboard.nickname_short', { min: NICKNAME_MIN });
    if (problem === 'long') return t('leaderboard.nickname_long', { max: NICKNAME_MAX });
    return problem ? t('leaderboard.nickname_invalid') : undefined;
  };

  async function join(name: string | null) {
    try {
      await save.mutateAsync(name);
      showToast(t('leaderboard.saved'), 'success');
    } catch (caught) {
      const message = caught instanceof ApiError ? caught.message : t('errors.internal');
      // Taken, or refused by the server's own rules: the field says why; anything else is a toast.
      const isField =
        caught instanceof ApiError && (caught.code === errorCatalog.nickname_taken.code || caught.field === 'nickname');
      if (isField) setError(message);
      else showToast(message);
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = problemText(nickname);
    setError(problem);
    if (!problem && !isBusy) void join(nickname.trim());
  }

  async function leaveBoard() {
    const isSure = await confirmDialog({
      content: t('leaderboard.leave_confirm'),
      confirmText: t('leaderboard.leave'),
      cancelText: t('common.cancel'),
    });
    if (!isSure) return;
    try {
      await leave.mutateAsync(undefined);
      showToast(t('leaderboard.left'), 'success');
    } catch (caught) {
      showToast(caught instanceof ApiError ? caught.message : t('errors.internal'));
    }
  }

  return (
    <form className="board-profile__form" onSubmit={submit} noValidate>
      <TextField
        id="board-nickname"
        label={t('leaderboard.nickname')}
        placeholder={t('leaderboard.nickname_placeholder')}
        value={nickname}
        onChange={(value) => {
          setNickname(value);
          if (error) setError(undefined);
        }}
        error={error}
        hint={t('leaderboard.nickname_hint', { min: NICKNAME_MIN, max: NICKNAME_MAX })}
        maxLength={NICKNAME_MAX + 10}
      />
      <div className="board-profile__actions">
        <button type="submit" className="button button--primary" disabled={isBusy} aria-busy={save.isPending}>
          {save.isPending ? t('leaderboard.saving') : t('leaderboard.save')}
        </button>
        <button
          type="button"
          className="button button--ghost"
          disabled={isBusy}
          onClick={() => void join(profile.on_board ? null : profile.nickname)}
        >
          {profile.on_board ? t('leaderboard.use_address') : t('leaderboard.rejoin')}
        </button>
        {profile.on_board && (
          <button type="button" className="button button--danger" disabled={isBusy} onClick={() => void leaveBoard()}>
            {t('leaderboard.leave')}
          </button>
        )}
      </div>
    </form>
  );
}

/** My name on the board: a nickname, or the shortened address; or off the board altogether. */
export function ProfilePanel() {
  const { t } = useTranslation();
  const profile = useProfile().data;
  return (
    <section className="card board-profile" aria-labelledby="board-profile-title">
      <h2 className="wb-card-title" id="board-profile-title">
        {t('leaderboard.profile')}
      </h2>
      {profile ? (
        <>
          <ProfileStatus profile={profile} />
          <NicknameForm key={`${profile.nickname ?? ''}/${profile.on_board}`} profile={profile} />
        </>
      ) : (
        <span className="shimmer wb-skeleton" aria-busy="true" />
      )}
    </section>
  );
}
