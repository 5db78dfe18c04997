import { useCallback, useEffect, useLayoutEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  ApiError,
  COMPANION_MESSAGE_MAX,
  companionCrisisNotice,
  errorCatalog,
  type CompanionConversationDetail,
  type CompanionMessage,
  type CompanionStatus,
  type SupportLine,
} from '@wallx/shared';
import { BottomSheet } from '../../components/bottom-sheet';
import { Icon, type IconProps } from '../../components/icons';
import { ListLoadFailed } from '../../components/list-empty';
import { PageHeader } from '../../components/page-header';
import { useLanguage } from '../../lib/i18n';
import { queryRoots } from '../../lib/query-keys';
import { showToast } from '../../lib/toast';
import {
  startConversation,
  streamAnswer,
  useAcknowledgeNotice,
  useCompanionStatus,
  useConversation,
  useDeleteConversations,
  useLatestConversation,
  usePickCrisisCountry,
  type AnswerOutcome,
} from './api/companion';
import './companion.css';

const PlusIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 5v14M5 12h14" />
  </Icon>
);
const MoreIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M5 12h.01M12 12h.01M19 12h.01" strokeWidth="3" />
  </Icon>
);
const SendIcon = (p: IconProps) => (
  <Icon strokeWidth={2.2} {...p}>
    <path d="M12 19V5M5 12l7-7 7 7" />
  </Icon>
);

type Crisis = { notice: string; line: SupportLine };

/** The answer being written: the message it answers (none on a retry) and what has come so far. */
type Pending = { content: string | null; messageId: string | null; answer: string; answerId: string | null };

/**
 * The crisis line of the user's country, shown on top at once when our own check flagged a message;
 * the user may pick their country among those the operators keep a line for, remembered (decision 161).
 */
function CrisisLine({ crisis, status, onPicked }: { crisis: Crisis; status: CompanionStatus; onPicked: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { line } = crisis;
  const names = new Intl.DisplayNames([language.replace('_', '-')], { type: 'region' });
  const current = status.crisis_country ?? (status.crisis_countries.includes(line.country) ? line.country : '');
  const save = usePickCrisisCountry();
  // Remembered on the server; the line shown is then the stored conversation's, read again.
  const choose = (country: string) =>
    save.mutate(country, {
      onSuccess: onPicked,
      onError: (error) => showToast(error instanceof ApiError ? error.message : t('errors.internal')),
    });
  return (
    <section
      className="card companion-crisis"
      role="alert"
      aria-labelledby="companion-crisis"
      data-testid="crisis-line"
    >
      <h2 id="companion-crisis">{t('companion.crisis_title')}</h2>
      <p>{crisis.notice}</p>
      <div className="companion-crisis__line">
        <strong>{line.name}</strong>
        <div className="companion-crisis__actions">
          {line.phone && (
            <a className="button button--primary button--small" href={`tel:${line.phone.replace(/[^\d+]/g, '')}`}>
              {t('companion.crisis_call', { phone: line.phone })}
            </a>
          )}
          {line.url && (
            <a className="button button--ghost button--small" href={line.url} target="_blank" rel="noopener noreferrer">
              {t('companion.crisis_visit')}
            </a>
          )}
        </div>
      </div>
      {status.crisis_countries.length > 0 && (
        <label className="companion-crisis__country">
          <span>{t('companion.crisis_country')}</span>
          <select value={current} onChange={(event) => choose(event.target.value)}>
            {current === '' && (
              <option value="" disabled>
                {t('companion.crisis_country_choose')}
              </option>
            )}
            {status.crisis_countries.map((country) => (
              <option key={country} value={country}>
                {names.of(country) ?? country}
              </option>
            ))}
          </select>
        </label>
      )}
    </section>
  );
}

function Bubble({
  role,
  text,
  isWriting = false,
}: {
  role: CompanionMessage['role'];
  text: string;
  isWriting?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <li className={`companion-message is-${role}`} data-role={role} aria-busy={isWriting || undefined}>
      <span className="visually-hidden">{role === 'user' ? t('companion.you') : t('companion.companion')}: </span>
      {text ? (
        <span className="companion-message__text">{text}</span>
      ) : (
        isWriting && <span className="companion-message__writing">{t('companion.writing')}</span>
      )}
    </li>
  );
}

function Unavailable() {
  const { t } = useTranslation();
  return (
    <div className="companion-body companion-body--center" data-testid="companion-unavailable">
      <section className="card companion-card">
        <h2>{t('companion.unavailable_title')}</h2>
        <p>{t('companion.unavailable_text')}</p>
      </section>
    </div>
  );
}

function Notice({ status }: { status: CompanionStatus }) {
  const { t } = useTranslation();
  const acknowledge = useAcknowledgeNotice();
  return (
    <div className="companion-body companion-body--center">
      <section className="card companion-card" aria-labelledby="companion-notice" data-testid="companion-notice">
        <h2 id="companion-notice">{t('companion.notice_title')}</h2>
        <p>{status.notice}</p>
        <p className="companion-note">{t('companion.privacy', { days: status.retention_days })}</p>
        <button
          type="button"
          className="button button--primary button--block"
          disabled={acknowledge.isPending}
          aria-busy={acknowledge.isPending}
          onClick={() =>
            acknowledge.mutate(undefined, {
              onError: (error) => showToast(error instanceof ApiError ? error.message : t('errors.internal')),
            })
          }
        >
          {t('companion.notice_ok')}
        </button>
      </section>
    </div>
  );
}

type SheetStep = 'menu' | 'delete' | 'delete_all' | null;

function MenuSheet({
  step,
  setStep,
  hasConversation,
  onNew,
  onDelete,
  isDeleting,
}: {
  step: SheetStep;
  setStep: (step: SheetStep) => void;
  hasConversation: boolean;
  onNew: () => void;
  onDelete: (all: boolean) => void;
  isDeleting: boolean;
}) {
  const { t } = useTranslation();
  const title =
    step === 'delete'
      ? t('companion.delete_title')
      : step === 'delete_all'
        ? t('companion.delete_all_title')
        : t('companion.more');
  return (
    <BottomSheet visible={step !== null} onClose={() => setStep(null)} title={title}>
      {step === 'menu' && (
        <div className="companion-sheet">
          <button type="button" className="button button--ghost button--block" onClick={onNew}>
            {t('companion.new_conversation')}
          </button>
          {hasConversation && (
            <button type="button" className="button button--ghost button--block" onClick={() => setStep('delete')}>
              {t('companion.delete')}
            </button>
          )}
          <button
            type="button"
            className="button button--ghost button--block companion-sheet__danger"
            onClick={() => setStep('delete_all')}
          >
            {t('companion.delete_all')}
          </button>
        </div>
      )}
      {(step === 'delete' || step === 'delete_all') && (
        <div className="companion-sheet">
          <p>{step === 'delete' ? t('companion.delete_text') : t('companion.delete_all_text')}</p>
          <button
            type="button"
            className="button button--danger button--block"
            disabled={isDeleting}
            aria-busy={isDeleting}
            onClick={() => onDelete(step === 'delete_all')}
          >
            {t('companion.delete_confirm')}
          </button>
          <button type="button" className="button button--ghost button--block" onClick={() => setStep(null)}>
            {t('common.cancel')}
          </button>
        </div>
      )}
    </BottomSheet>
  );
}

/**
 * Keeps the last message and the composer in sight: the screen is as tall as what the keyboard
 * leaves visible (the visual viewport; Chromium on Android does not shrink 100dvh for it), and the
 * list scrolls to its end on a new piece of the answer, on focus and on every resize.
 */
function useVisibleHeight(onResize: () => void) {
  const latest = useRef(onResize);
  useLayoutEffect(() => {
    latest.current = onResize;
  });
  const [height, setHeight] = useState<number | null>(null);
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!viewport) return;
    const update = () => {
      setHeight(viewport.height);
      latest.current();
    };
    update();
    viewport.addEventListener('resize', update);
    return () => viewport.removeEventListener('resize', update);
  }, []);
  return height;
}

function ChatActions({ onNew, onMore }: { onNew: () => void; onMore: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <button
        type="button"
        className="icon-button icon-button--plain"
        aria-label={t('companion.new_conversation')}
        onClick={onNew}
      >
        <PlusIcon />
      </button>
      <button
        type="button"
        className="icon-button icon-button--plain"
        aria-label={t('companion.more')}
        onClick={onMore}
      >
        <MoreIcon />
      </button>
    </>
  );
}

/** The box and its send button, at the bottom; above them a refusal (allowance spent) or the few messages left today. */
function Composer({
  draft,
  setDraft,
  onSubmit,
  isBusy,
  refusal,
  status,
  onFocus,
}: {
  draft: string;
  setDraft: (draft: string) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  isBusy: boolean;
  refusal: string | null;
  status: CompanionStatus;
  onFocus: () => void;
}) {
  const { t } = useTranslation();
  const { left, daily } = status.allowance;
  return (
    <form className="companion-composer" onSubmit={(event) => void onSubmit(event)} noValidate>
      {refusal && (
        <p className="companion-refusal" role="alert" data-testid="companion-refusal">
          {refusal}
        </p>
      )}
      {left <= 5 && !refusal && (
        <p className="companion-note" data-testid="companion-allowance">
          {left === 0 ? t('companion.allowance_spent', { daily }) : t('companion.allowance', { left, daily })}
        </p>
      )}
      <div className="companion-composer__row">
        <textarea
          className="companion-composer__input"
          aria-label={t('companion.placeholder')}
          placeholder={t('companion.placeholder')}
          value={draft}
          rows={1}
          maxLength={COMPANION_MESSAGE_MAX}
          onChange={(event) => setDraft(event.target.value)}
          onFocus={onFocus}
          onKeyDown={(event) => {
            // Enter sends on a keyboard with one; Shift+Enter (and a phone's return key in a composition) adds a line.
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              event.currentTarget.form?.requestSubmit();
            }
          }}
        />
        <button
          type="submit"
          className="button button--primary companion-composer__send"
          aria-label={t('companion.send')}
          disabled={isBusy || draft.trim() === ''}
        >
          <SendIcon />
        </button>
      </div>
    </form>
  );
}

/** The conversation, oldest first, then the answer being written, or what failed with a retry. */
function Messages({
  listRef,
  items,
  pending,
  failure,
  onRetry,
  state,
  onReload,
  retentionDays,
}: {
  listRef: RefObject<HTMLOListElement | null>;
  items: CompanionMessage[];
  pending: Pending | null;
  failure: string | null;
  onRetry: () => void;
  state: 'loading' | 'failed' | 'ready';
  onReload: () => void;
  retentionDays: number;
}) {
  const { t } = useTranslation();
  return (
    <ol className="companion-list" ref={listRef} aria-live="polite" data-testid="companion-messages">
      {state === 'failed' ? (
        <li>
          <ListLoadFailed text={t('companion.load_failed')} className="companion-empty" onRetry={onReload} />
        </li>
      ) : state === 'loading' ? (
        <li className="companion-list__loading" aria-busy="true" aria-label={t('common.loading')} />
      ) : (
        items.length === 0 &&
        !pending && (
          <li className="companion-empty">
            <p>{t('companion.empty')}</p>
            <p className="companion-note">{t('companion.privacy', { days: retentionDays })}</p>
          </li>
        )
      )}
      {items.map((item) => (
        <Bubble key={item.id} role={item.role} text={item.content} />
      ))}
      {pending?.content && <Bubble role="user" text={pending.content} />}
      {pending && <Bubble role="assistant" text={pending.answer} isWriting />}
      {failure !== null && (
        <li className="companion-failure" role="alert" data-testid="companion-failure">
          <p>{failure}</p>
          <button type="button" className="button button--ghost button--small" onClick={onRetry}>
            {t('companion.retry')}
          </button>
        </li>
      )}
    </ol>
  );
}

function Chat({ status }: { status: CompanionStatus }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  // undefined: the newest conversation; null: a new one, started with its first message.
  const [chosen, setChosen] = useState<string | null | undefined>(undefined);
  const latest = useLatestConversation(chosen === undefined);
  const conversationId = chosen === undefined ? (latest.data ?? null) : chosen;
  const conversation = useConversation(conversationId);
  const detail: CompanionConversationDetail | undefined = conversationId === null ? undefined : conversation.data;
  const [draft, setDraft] = useState('');
  const [pending, setPending] = useState<Pending | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [crisis, setCrisis] = useState<Crisis | null>(null);
  const [sheet, setSheet] = useState<SheetStep>(null);
  const leaving = useRef<AbortController | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const remove = useDeleteConversations();

  const toEnd = useCallback(() => {
    const element = list.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, []);
  const height = useVisibleHeight(toEnd);
  useEffect(() => () => leaving.current?.abort(), []);
  useLayoutEffect(toEnd, [toEnd, detail, pending, failure, refusal, crisis]);

  // The stored messages (and today's allowance) replace what was streamed.
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryRoots.companion });

  async function answer(id: string, path: string, content: string | null) {
    const controller = new AbortController();
    leaving.current = controller;
    setFailure(null);
    setRefusal(null);
    setPending({ content, messageId: null, answer: '', answerId: null });
    let outcome: AnswerOutcome;
    try {
      outcome = await streamAnswer(
        `/api/companion/conversations/${encodeURIComponent(id)}/${path}`,
        content === null ? undefined : { content },
        {
          onCrisis: (event) => setCrisis({ notice: event.notice, line: event.support_line }),
          onAccepted: (event) => setPending((p) => p && { ...p, messageId: event.message_id }),
          onDelta: (text) => setPending((p) => p && { ...p, answer: p.answer + text }),
        },
        controller.signal,
      );
    } catch (error) {
      if (controller.signal.aborted) return;
      setPending(null);
      // Refused before the stream: nothing was stored, the words go back into the box.
      if (content !== null) setDraft(content);
      if (error instanceof ApiError && error.code === errorCatalog.companion_allowance_spent.code)
        setRefusal(t('companion.allowance_spent', { daily: status.allowance.daily }));
      else setRefusal(error instanceof ApiError ? error.message : t('errors.internal'));
      void queryClient.invalidateQueries({ queryKey: queryRoots.companion });
      return;
    }
    if (outcome.kind === 'done') setPending((p) => p && { ...p, answerId: outcome.messageId });
    else setFailure(outcome.kind === 'error' ? outcome.message : t('companion.interrupted'));
    await refresh();
    setPending(null);
  }

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const content = draft.trim();
    if (content === '' || pending) return;
    let id = conversationId;
    setDraft('');
    if (id === null) {
      try {
        id = (await startConversation()).id;
      } catch (error) {
        setDraft(content);
        setRefusal(error instanceof ApiError ? error.message : t('errors.internal'));
        return;
      }
      setChosen(id);
    }
    await answer(id, 'messages', content);
  }

  function startNew() {
    leaving.current?.abort();
    setSheet(null);
    setChosen(null);
    setPending(null);
    setFailure(null);
    setRefusal(null);
    setCrisis(null);
  }

  function onDelete(all: boolean) {
    remove.mutate(all ? null : conversationId, {
      onSuccess: () => {
        startNew();
        showToast(t('companion.deleted_ok'), 'success');
      },
      onError: (error) => showToast(error instanceof ApiError ? error.message : t('errors.internal')),
    });
  }

  const items = (detail?.items ?? []).filter((item) => item.id !== pending?.messageId && item.id !== pending?.answerId);
  const shownCrisis: Crisis | null =
    crisis ?? (detail?.support_line ? { notice: companionCrisisNotice[language], line: detail.support_line } : null);
  const isUnanswered = !pending && detail?.unanswered === true;
  const isLoading = conversationId !== null ? conversation.isPending : chosen === undefined && latest.isPending;
  const hasFailedToLoad = (conversationId !== null && conversation.isError) || latest.isError;

  return (
    <div className="screen companion-screen" style={height ? { height: `${height}px` } : undefined}>
      <PageHeader title={t('companion.title')} end={<ChatActions onNew={startNew} onMore={() => setSheet('menu')} />} />
      {shownCrisis && <CrisisLine crisis={shownCrisis} status={status} onPicked={() => setCrisis(null)} />}
      <Messages
        listRef={list}
        items={items}
        pending={pending}
        failure={isUnanswered ? (failure ?? t('companion.unanswered')) : null}
        onRetry={() => conversationId && void answer(conversationId, 'retry', null)}
        state={hasFailedToLoad ? 'failed' : isLoading ? 'loading' : 'ready'}
        onReload={() => void queryClient.invalidateQueries({ queryKey: queryRoots.companion })}
        retentionDays={status.retention_days}
      />
      <Composer
        draft={draft}
        setDraft={setDraft}
        onSubmit={send}
        isBusy={pending !== null}
        refusal={refusal}
        status={status}
        onFocus={toEnd}
      />
      <MenuSheet
        step={sheet}
        setStep={setSheet}
        hasConversation={conversationId !== null}
        onNew={startNew}
        onDelete={onDelete}
        isDeleting={remove.isPending}
      />
    </div>
  );
}

/** /companion: the AI companion (issue 49) — unavailable, its one-time notice, or the chat. */
export function CompanionScreen() {
  const { t } = useTranslation();
  const status = useCompanionStatus();
  if (!status.data) {
    return (
      <div className="screen companion-screen">
        <PageHeader title={t('companion.title')} />
        {status.isError ? (
          <ListLoadFailed
            text={t('companion.load_failed')}
            className="companion-empty"
            onRetry={() => void status.refetch()}
          />
        ) : (
          <div className="companion-list__loading" aria-busy="true" aria-label={t('common.loading')} />
        )}
      </div>
    );
  }
  if (!status.data.available)
    return (
      <div className="screen companion-screen">
        <PageHeader title={t('companion.title')} />
        <Unavailable />
      </div>
    );
  if (!status.data.notice_seen)
    return (
      <div className="screen companion-screen">
        <PageHeader title={t('companion.title')} />
        <Notice status={status.data} />
      </div>
    );
  return <Chat status={status.data} />;
}
