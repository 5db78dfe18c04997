import { useEffect, useRef, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FEEDBACK_LIMITS,
  FEEDBACK_PER_DAY,
  FEEDBACK_PER_HOUR,
  formatDate,
  type Feedback,
  type FeedbackStatus,
} from '@wallx/shared';
import { LIST_EMPTY_RING, ListEmpty } from '../../components/list-empty';
import { FormNote, useRefusalHandler } from '../../components/money-form-parts';
import { PageHeader } from '../../components/page-header';
import { PagedList, type ListLook } from '../../components/paged-list';
import { StatusPill, type StatusTone } from '../../components/status-tag';
import { SubmitButton } from '../../components/submit-button';
import { TextField } from '../../components/text-field';
import { showToast } from '../../lib/toast';
import { useForm, type FieldError } from '../../lib/use-form';
import { useMyFeedback } from './api/get-feedback';
import { useMarkRepliesRead } from './api/mark-read';
import { useSendFeedback } from './api/send-feedback';
import { feedbackFieldOfError, validateFeedback, type FeedbackField, type FeedbackForm } from './feedback-rules';
import '../../components/card-list.css';
import '../../components/funds-form.css';
import './feedback.css';

const emptyForm: FeedbackForm = { title: '', detail: '' };
const time = (iso: string) => formatDate(iso, 'Y-m-d H:i');
const tones: Record<FeedbackStatus, StatusTone> = { open: 'waiting', replied: 'done' };

function Counter({ value, max }: { value: string; max: number }) {
  const length = value.trim().length;
  return (
    <span className={`feedback-counter${length > max ? ' is-over' : ''}`} aria-hidden="true">
      {length}/{max}
    </span>
  );
}

function FeedbackFormCard() {
  const { t } = useTranslation();
  const send = useSendFeedback();
  const { values, field, trySubmit, refuse, reset } = useForm<FeedbackForm, FeedbackField, FieldError>({
    initial: emptyForm,
    validate: validateFeedback,
  });
  const handleRefusal = useRefusalHandler('/feedback', feedbackFieldOfError, refuse);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!trySubmit() || send.isPending) return;
    try {
      await send.mutateAsync({ title: values.title.trim(), detail: values.detail.trim() });
      showToast(t('feedback.sent'), 'success');
      reset();
    } catch (error) {
      handleRefusal(error);
    }
  }

  return (
    <form
      className="funds-form card feedback-form"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby="feedback-new"
    >
      <h2 className="feedback-form__title" id="feedback-new">
        {t('feedback.new')}
      </h2>
      <TextField
        id="feedback-title"
        label={t('feedback.title')}
        placeholder={t('feedback.title_placeholder')}
        labelEnd={<Counter value={values.title} max={FEEDBACK_LIMITS.title} />}
        {...field('title', 'title')}
      />
      <TextField
        id="feedback-detail"
        label={t('feedback.detail')}
        placeholder={t('feedback.detail_placeholder')}
        labelEnd={<Counter value={values.detail} max={FEEDBACK_LIMITS.detail} />}
        isParagraph
        {...field('detail', 'detail')}
      />
      <FormNote>{t('feedback.limits', { hour: FEEDBACK_PER_HOUR, day: FEEDBACK_PER_DAY })}</FormNote>
      <SubmitButton isPending={send.isPending} pendingLabel={t('feedback.sending')}>
        {t('feedback.send')}
      </SubmitButton>
    </form>
  );
}

function FeedbackCard({ item }: { item: Feedback }) {
  const { t } = useTranslation();
  return (
    <article className="list-card feedback-card" data-status={item.status} data-id={item.id}>
      <header className="feedback-card__head">
        <h3 className="feedback-card__title">{item.title}</h3>
        <StatusPill tone={tones[item.status]} status={item.status}>
          {t(`feedback.status.${item.status}`)}
        </StatusPill>
      </header>
      <p className="feedback-card__detail">{item.detail}</p>
      <time className="feedback-card__time" dateTime={item.created_at}>
        {time(item.created_at)}
      </time>
      {item.reply !== null && (
        <section className="feedback-reply" aria-label={t('feedback.reply')}>
          <header className="feedback-reply__head">
            <span className="feedback-reply__label">{t('feedback.reply')}</span>
            {item.unread && <span className="feedback-reply__new">{t('feedback.new_reply')}</span>}
          </header>
          <p className="feedback-reply__text">{item.reply}</p>
          {item.replied_at && (
            <time className="feedback-card__time" dateTime={item.replied_at}>
              {time(item.replied_at)}
            </time>
          )}
        </section>
      )}
    </article>
  );
}

function FeedbackSkeleton() {
  const { t } = useTranslation();
  return (
    <ul
      className="card-list feedback-list"
      aria-busy="true"
      aria-label={t('common.loading')}
      data-testid="feedback-skeleton"
    >
      {Array.from({ length: 3 }, (_, index) => (
        <li key={index} className="list-card feedback-card" aria-hidden="true">
          <span className="shimmer feedback-skeleton feedback-skeleton--title" />
          <span className="shimmer feedback-skeleton" />
          <span className="shimmer feedback-skeleton feedback-skeleton--short" />
        </li>
      ))}
    </ul>
  );
}

function EmptyState() {
  const { t } = useTranslation();
  const art = (
    <>
      <path
        d="M32 38h56a6 6 0 0 1 6 6v30a6 6 0 0 1-6 6H56l-14 10v-10h-10a6 6 0 0 1-6-6V44a6 6 0 0 1 6-6z"
        fill="#182036"
        stroke={LIST_EMPTY_RING}
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <path d="M42 54h36M42 64h24" stroke="#6d7794" strokeWidth="3" strokeLinecap="round" />
    </>
  );
  return <ListEmpty title={t('feedback.empty')} text={t('feedback.empty_text')} art={art} className="feedback-empty" />;
}

const feedbackListLook: ListLook = {
  skeleton: <FeedbackSkeleton />,
  className: 'feedback-list',
  emptyClassName: 'feedback-empty',
};

/** Replies shown for the first time are marked read once, so that the badge on /user goes. */
function useMarkShownRepliesRead(items: readonly Feedback[]) {
  const markRead = useMarkRepliesRead();
  const isMarked = useRef(false);
  const hasUnread = items.some((item) => item.unread);
  useEffect(() => {
    if (!hasUnread || isMarked.current) return;
    isMarked.current = true;
    markRead.mutate();
  }, [hasUnread, markRead]);
}

export function FeedbackScreen() {
  const { t } = useTranslation();
  const mine = useMyFeedback();
  useMarkShownRepliesRead(mine.data?.pages.flatMap((page) => page.items) ?? []);
  return (
    <div className="screen feedback-screen">
      <PageHeader title={t('user.feedback')} />
      <p className="feedback-lead">{t('feedback.lead')}</p>
      <FeedbackFormCard />
      <section className="feedback-section" aria-labelledby="feedback-mine">
        <h2 className="feedback-section__title" id="feedback-mine">
          {t('feedback.mine')}
        </h2>
        <PagedList
          look={feedbackListLook}
          query={mine}
          label={t('feedback.mine')}
          renderItem={(item) => <FeedbackCard item={item} />}
          empty={<EmptyState />}
        />
      </section>
    </div>
  );
}
