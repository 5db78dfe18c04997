import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { feedbackStatuses, type FeedbackStatus, type OperatorFeedback } from '@wallx/shared';
import { ExportButton } from '../../components/export-button';
import { ListPage } from '../../components/list-page';
import { addressColumn, PagedTable, RowButton, timeColumn } from '../../components/paged-table';
import { rowsOf } from '../../lib/paged-query';
import { useOperatorSession } from '../../lib/session-store';
import { useFeedbackList } from './api/get-feedback';
import { feedbackCsvColumns } from './feedback-csv';
import { FeedbackDetail } from './feedback-detail';
import { Segmented } from '../../components/segmented';

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
  const items = rowsOf(list);
  const choices: Array<{ value: string; label: string }> = [
    { value: 'open', label: t('feedback.status_open') },
    { value: 'replied', label: t('feedback.status_replied') },
    { value: 'all', label: t('feedback.status_all') },
  ];

  return (
    <ListPage
      id="feedback"
      title={t('feedback.title')}
      lead={t('feedback.lead')}
      actions={<ExportButton name="feedback" columns={feedbackCsvColumns} rows={items} />}
    >
      <div className="filters">
        <Segmented
          label={t('feedback.status')}
          options={choices}
          value={status ?? 'all'}
          onChange={(choice) => setParams(choice === 'open' ? {} : { status: choice })}
        />
      </div>
      <div className={`split${selected ? ' split--open' : ''}`}>
        <PagedTable
          list={list}
          rows={items}
          rowKey={(item) => item.id}
          selectedKey={selected?.feedback.id ?? null}
          columns={[
            timeColumn(t('feedback.received'), (item: OperatorFeedback) => item.created_at),
            addressColumn(t('feedback.user'), (item: OperatorFeedback) => item.user),
            {
              header: t('feedback.subject'),
              className: 'table__title',
              cell: (item) => (
                <RowButton
                  link
                  label={t('feedback.open_message', { title: item.title })}
                  onClick={() => setSelected({ feedback: item, justReplied: false })}
                >
                  {item.title}
                </RowButton>
              ),
            },
            {
              header: t('feedback.status'),
              cell: (item) => (
                <span className={`status status--${item.status}`}>{t(`feedback.status_${item.status}`)}</span>
              ),
            },
            addressColumn(t('feedback.replied_by'), (item: OperatorFeedback) => item.replied_by),
          ]}
        />
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
    </ListPage>
  );
}
