import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { feedbackStatuses, shortAddress, type FeedbackStatus, type OperatorFeedback } from '@wallx/shared';
import { ExportButton } from '../../components/export-button';
import { QueryError, TableFooter } from '../../components/table-footer';
import { formatTime } from '../../lib/format';
import { useOperatorSession } from '../../lib/session-store';
import { useFeedbackList } from './api/get-feedback';
import { feedbackCsvColumns } from './feedback-csv';
import { FeedbackDetail } from './feedback-detail';

/** The status in the address: 'open' (the work to do) unless the operator chose another; 'all' is every status. */
function statusOf(params: URLSearchParams): FeedbackStatus | null {
  const value = params.get('status') ?? 'open';
  return (feedbackStatuses as readonly string[]).includes(value) ? (value as FeedbackStatus) : null;
}

export function FeedbackScreen() {
  const { t } = useTranslation();
  const role = useOperatorSession().session?.operator.role ?? 'viewer';
  const [params, setParams] = useSearchParams();
  const status = statusOf(params);
  const list = useFeedbackList(status);
  // The message being read is kept as it was picked (and as the reply returned it): replying moves
  // it out of the 'open' list, and the operator should still see what was sent.
  const [selected, setSelected] = useState<{ feedback: OperatorFeedback; justReplied: boolean } | null>(null);
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const choices: Array<{ value: string; label: string }> = [
    { value: 'open', label: t('feedback.status_open') },
    { value: 'replied', label: t('feedback.status_replied') },
    { value: 'all', label: t('feedback.status_all') },
  ];

  return (
    <section className="list-page" aria-labelledby="feedback-title">
      <header className="page__header">
        <div>
          <h1 id="feedback-title">{t('feedback.title')}</h1>
          <p className="page__lead">{t('feedback.lead')}</p>
        </div>
        <ExportButton name="feedback" columns={feedbackCsvColumns} rows={items} />
      </header>
      <div className="filters" role="group" aria-label={t('feedback.status')}>
        <div className="segmented">
          {choices.map((choice) => (
            <button
              key={choice.value}
              type="button"
              className="segmented__option"
              aria-pressed={(status ?? 'all') === choice.value}
              onClick={() => setParams(choice.value === 'open' ? {} : { status: choice.value })}
            >
              {choice.label}
            </button>
          ))}
        </div>
      </div>
      <div className={`split${selected ? ' split--open' : ''}`}>
        <div className="panel table-panel">
          {list.isError && <QueryError error={list.error} retry={() => void list.refetch()} />}
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t('feedback.received')}</th>
                <th scope="col">{t('feedback.user')}</th>
                <th scope="col">{t('feedback.subject')}</th>
                <th scope="col">{t('feedback.status')}</th>
                <th scope="col">{t('feedback.replied_by')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => {
                const isSelected = item.id === selected?.feedback.id;
                return (
                  <tr key={item.id} aria-selected={isSelected} className={isSelected ? 'is-selected' : undefined}>
                    <td className="nowrap">{formatTime(item.created_at)}</td>
                    <td>
                      <code title={item.user}>{shortAddress(item.user, 12)}</code>
                    </td>
                    <td className="table__title">
                      <button
                        type="button"
                        className="link-button"
                        aria-label={t('feedback.open_message', { title: item.title })}
                        onClick={() => setSelected({ feedback: item, justReplied: false })}
                      >
                        {item.title}
                      </button>
                    </td>
                    <td>
                      <span className={`status status--${item.status}`}>{t(`feedback.status_${item.status}`)}</span>
                    </td>
                    <td>
                      {item.replied_by ? (
                        <code title={item.replied_by}>{shortAddress(item.replied_by, 12)}</code>
                      ) : (
                        <span className="muted">—</span>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {list.isPending && <p className="table-message">{t('table.loading')}</p>}
          {list.isSuccess && items.length === 0 && <p className="table-message">{t('table.empty')}</p>}
          <TableFooter
            count={items.length}
            hasNextPage={list.hasNextPage}
            isFetchingNextPage={list.isFetchingNextPage}
            fetchNextPage={() => void list.fetchNextPage()}
          />
        </div>
        {selected ? (
          <FeedbackDetail
            feedback={selected.feedback}
            role={role}
            justReplied={selected.justReplied}
            onReplied={(feedback) => setSelected({ feedback, justReplied: true })}
            onClose={() => setSelected(null)}
          />
        ) : null}
      </div>
    </section>
  );
}
