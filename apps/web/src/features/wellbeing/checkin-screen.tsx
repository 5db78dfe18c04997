import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  ApiError,
  CHECKIN_NOTE_MAX,
  FEELINGS_MAX,
  compare,
  feelings,
  formatDate,
  formatNumber,
  moods,
  type CheckinToday,
  type Feeling,
} from '@wallx/shared';
import { ListLoadFailed } from '../../components/list-empty';
import { PageHeader } from '../../components/page-header';
import { SubmitButton } from '../../components/submit-button';
import { TextField } from '../../components/text-field';
import { showToast } from '../../lib/toast';
import { useSaveCheckin, useToday } from './api/checkins';
import { MoodFace } from './mood-faces';
import { SupportCard } from './support-card';
import { isMood, isNoteTooLong, noteLength, toggleFeeling, type Mood } from './wellbeing-rules';
import '../../components/funds-form.css';
import './wellbeing.css';

function MoodPicker({
  value,
  onChange,
  error,
}: {
  value: Mood | null;
  onChange: (mood: Mood) => void;
  error: boolean;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="wb-fieldset" aria-describedby={error ? 'checkin-mood-error' : undefined}>
      <legend className="wb-legend">{t('checkins.question')}</legend>
      <div className="mood-picker" role="radiogroup" aria-label={t('checkins.mood_legend')}>
        {moods.map((mood) => (
          <label key={mood} className={`mood-option${value === mood ? ' is-selected' : ''}`} data-mood={mood}>
            <input
              type="radio"
              name="mood"
              value={mood}
              checked={value === mood}
              onChange={() => onChange(mood)}
              className="wb-sr-only"
            />
            <MoodFace mood={mood} className="mood-option__face" />
            <span className="mood-option__label">{t(`checkins.mood_${mood}`)}</span>
          </label>
        ))}
      </div>
      {error && (
        <p className="wb-error" id="checkin-mood-error" role="alert">
          {t('checkins.mood_required')}
        </p>
      )}
    </fieldset>
  );
}

function FeelingChips({ value, onChange }: { value: Feeling[]; onChange: (next: Feeling[]) => void }) {
  const { t } = useTranslation();
  const isFull = value.length >= FEELINGS_MAX;
  return (
    <fieldset className="wb-fieldset">
      <legend className="wb-legend">
        {t('checkins.feelings_legend')}{' '}
        <span className="wb-legend__hint">{t('checkins.feelings_hint', { max: FEELINGS_MAX })}</span>
      </legend>
      <div className="feeling-chips">
        {feelings.map((feeling) => {
          const isChosen = value.includes(feeling);
          return (
            <label key={feeling} className={`feeling-chip${isChosen ? ' is-selected' : ''}`} data-feeling={feeling}>
              <input
                type="checkbox"
                className="wb-sr-only"
                checked={isChosen}
                disabled={!isChosen && isFull}
                onChange={() => onChange(toggleFeeling(value, feeling))}
              />
              {t(`checkins.feeling.${feeling}`)}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

function CheckinForm({ today }: { today: CheckinToday }) {
  const { t } = useTranslation();
  const save = useSaveCheckin();
  const existing = today.checkin;
  const [mood, setMood] = useState<Mood | null>(existing && isMood(existing.mood) ? existing.mood : null);
  const [chosen, setChosen] = useState<Feeling[]>(existing?.feelings ?? []);
  const [note, setNote] = useState(existing?.note ?? '');
  const [isTried, setTried] = useState(false);
  const tooLong = isNoteTooLong(note);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTried(true);
    if (mood === null || tooLong || save.isPending) return;
    try {
      await save.mutateAsync({ mood, feelings: chosen, note: note.trim() || null });
      showToast(t(existing ? 'checkins.updated' : 'checkins.saved'), 'success');
    } catch (error) {
      showToast(error instanceof ApiError ? error.message : t('errors.internal'));
    }
  }

  return (
    <form className="funds-form card checkin-form" onSubmit={(event) => void submit(event)} noValidate>
      <MoodPicker value={mood} onChange={setMood} error={isTried && mood === null} />
      <FeelingChips value={chosen} onChange={setChosen} />
      <TextField
        id="checkin-note"
        label={t('checkins.note')}
        placeholder={t('checkins.note_placeholder')}
        isParagraph
        value={note}
        onChange={setNote}
        labelEnd={
          <span className={`wb-counter${tooLong ? ' is-over' : ''}`} aria-hidden="true">
            {noteLength(note)}/{CHECKIN_NOTE_MAX}
          </span>
        }
        error={tooLong ? t('checkins.note_too_long', { max: CHECKIN_NOTE_MAX }) : undefined}
        hint={t('checkins.note_private')}
      />
      <SubmitButton isPending={save.isPending} pendingLabel={t('checkins.saving')}>
        {t(existing ? 'checkins.update' : 'checkins.save')}
      </SubmitButton>
      <p className="wb-note">{t('checkins.editable_until', { time: formatDate(today.ends_at, 'Y-m-d H:i') })}</p>
    </form>
  );
}

/** What a check-in earns before one is made: the offer, or how to become eligible. */
function RewardOffer({ today }: { today: CheckinToday }) {
  const { t } = useTranslation();
  const { rewards } = today;
  if (!rewards.eligible) return <NotEligible />;
  if (compare(rewards.checkin, '0') <= 0) return null;
  return (
    <p className="wb-note wb-offer">
      {t('checkins.rewards_offer', {
        amount: formatNumber(rewards.checkin),
        bonus: formatNumber(rewards.streak_bonus),
        every: rewards.streak_every,
      })}
    </p>
  );
}

function NotEligible() {
  const { t } = useTranslation();
  return (
    <p className="wb-note wb-offer" data-reason="not_eligible">
      {t('checkins.no_reward.not_eligible')}{' '}
      <Link to="/mines" className="wb-link">
        {t('checkins.get_miner')}
      </Link>
    </p>
  );
}

/** After today's check-in: the streak and what it earned, or why nothing. */
function CheckinResult({ today }: { today: CheckinToday }) {
  const { t } = useTranslation();
  const reward = today.reward;
  const hasPaid = Boolean(reward?.amount) || Boolean(reward?.bonus);
  return (
    <section className="card checkin-result" aria-labelledby="checkin-result-title" data-testid="checkin-result">
      <h2 className="checkin-result__title" id="checkin-result-title">
        {t('checkins.done')}
      </h2>
      <dl className="checkin-result__stats">
        <div>
          <dt>{t('checkins.streak')}</dt>
          <dd data-testid="checkin-streak">{today.streak}</dd>
        </div>
        <div>
          <dt>{t('checkins.reward')}</dt>
          <dd data-testid="checkin-reward">
            {hasPaid ? (
              <>
                {reward?.amount && (
                  <span className="checkin-result__amount">
                    {t('checkins.reward_amount', { amount: formatNumber(reward.amount) })}
                  </span>
                )}
                {reward?.bonus && (
                  <span className="checkin-result__bonus">
                    {t('checkins.reward_bonus', { amount: formatNumber(reward.bonus) })}
                  </span>
                )}
              </>
            ) : (
              '–'
            )}
          </dd>
        </div>
      </dl>
      {reward?.reason &&
        (reward.reason === 'not_eligible' ? (
          <NotEligible />
        ) : (
          <p className="wb-note" data-reason={reward.reason}>
            {t(`checkins.no_reward.${reward.reason}`)}
          </p>
        ))}
    </section>
  );
}

function CheckinSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="card checkin-form" aria-busy="true" aria-label={t('common.loading')}>
      <span className="shimmer wb-skeleton wb-skeleton--title" />
      <span className="shimmer wb-skeleton wb-skeleton--block" />
      <span className="shimmer wb-skeleton" />
    </div>
  );
}

/** /checkin: today's mood, feelings and private note; then the streak and the day's reward. */
export function CheckinScreen() {
  const { t } = useTranslation();
  const today = useToday();
  const data = today.data;
  return (
    <div className="screen wb-screen">
      <PageHeader title={t('checkins.title')} />
      <div className="wb-body">
        {data ? (
          <>
            {data.support && <SupportCard />}
            {data.checkin ? <CheckinResult today={data} /> : <RewardOffer today={data} />}
            <CheckinForm key={data.checkin?.updated_at ?? 'new'} today={data} />
            <nav className="wb-links" aria-label={t('checkins.title')}>
              <Link to="/mood" className="button button--ghost">
                {t('checkins.see_trends')}
              </Link>
              <Link to="/leaderboard" className="button button--ghost">
                {t('checkins.see_board')}
              </Link>
            </nav>
          </>
        ) : today.isPending ? (
          <CheckinSkeleton />
        ) : (
          <ListLoadFailed text={t('checkins.load_failed')} className="wb-empty" onRetry={() => void today.refetch()} />
        )}
      </div>
    </div>
  );
}
