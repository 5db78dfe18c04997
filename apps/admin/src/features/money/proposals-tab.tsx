import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  proposalCapabilities,
  proposalStatuses,
  proposalSubjectTypes,
  roleCan,
  shortAddress,
  type Proposal,
} from '@wallx/shared';
import { ErrorNotice } from '../../components/form-parts';
import { FilterBar, type FilterField } from '../../components/filter-bar';
import { PagedTable, timeColumn } from '../../components/paged-table';
import { rowsOf } from '../../lib/paged-query';
import { useOperatorSession } from '../../lib/session-store';
import { useUrlFilters } from '../../lib/use-url-filters';
import { useProposals, useProposalStep, type ProposalFilters } from './api/proposals';
import { ApproveDialog } from './approve-dialog';
import { selectOrAny, sent } from './money-tables';
import { proposalKindLabel, type DecisionNotice } from './proposal-labels';
import { ProposalSummary } from './proposal-summary';
import { TakeBackButton } from './take-back-button';

/**
 * Approve someone else's waiting proposal (the server also refuses the related, the cooling and what
 * is about oneself), or take back one's own (decision 130): never both, so that no approver reads
 * "withdraw" beside "approve" and takes a refusal for a decision.
 */
export function ProposalActions({
  proposal: p,
  onDone,
}: {
  proposal: Proposal;
  onDone?: (notice: DecisionNotice) => void;
}) {
  const { t } = useTranslation();
  const session = useOperatorSession().session;
  const step = useProposalStep();
  const [approving, setApproving] = useState(false);
  const mayDecide = roleCan(session?.operator.role ?? 'viewer', proposalCapabilities[p.kind]);
  const isMine = p.proposed_by === session?.operator.address;
  if (p.status !== 'pending' || (!mayDecide && !isMine)) return null;
  return (
    <>
      <span className="row-actions">
        {isMine ? (
          <TakeBackButton proposal={p} step={step} onDone={onDone} small />
        ) : (
          <button
            type="button"
            className="button button--small button--primary"
            disabled={step.isPending}
            aria-label={t('money.approve_proposal_of', { id: p.id })}
            onClick={() => setApproving(true)}
          >
            {t('money.approve_proposal')}
          </button>
        )}
      </span>
      <ErrorNotice>{step.error?.message}</ErrorNotice>
      {approving && (
        <ApproveDialog
          proposal={p}
          onDone={() => {
            setApproving(false);
            onDone?.('money.proposal_approved_notice');
          }}
          onClose={() => setApproving(false)}
        />
      )}
    </>
  );
}

/**
 * Proposals (four eyes): by default those waiting for me, which the server lists only when I may
 * approve them; each with a readable account of what it changes.
 */
export function ProposalsTable() {
  const { t } = useTranslation();
  const self = useOperatorSession().session?.operator.address ?? '';
  const [filters, apply] = useUrlFilters(['show', 'status', 'about'], {
    show: 'to_approve',
    status: 'any',
    about: 'any',
  });
  const list = useProposals(
    sent({
      view: filters.show ?? '',
      status: filters.status ?? '',
      subject_type: filters.about ?? '',
    }) as ProposalFilters,
  );
  const items = rowsOf(list);
  const fields: FilterField[] = [
    {
      name: 'show',
      label: t('money.proposals_view'),
      kind: 'select',
      options: [
        { value: 'to_approve', label: t('money.proposals_to_approve') },
        { value: 'mine', label: t('money.proposals_mine') },
        { value: 'any', label: t('money.proposals_all') },
      ],
    },
    selectOrAny('status', t('money.status'), t('money.any'), proposalStatuses, (s) => t(`money.proposal_status_${s}`)),
    selectOrAny('about', t('money.proposal_area'), t('money.any'), proposalSubjectTypes, (s) => t(`money.area_${s}`)),
  ];
  return (
    <>
      <div className="toolbar">
        <FilterBar key={JSON.stringify(filters)} fields={fields} value={filters} onApply={apply} />
      </div>
      <p className="muted">{t('money.four_eyes')}</p>
      <PagedTable
        list={list}
        rows={items}
        rowKey={(p) => p.id}
        columns={[
          timeColumn(t('money.proposed_at'), (p: Proposal) => p.proposed_at),
          {
            header: t('money.proposal_kind'),
            cell: (p) => (
              <>
                {t(proposalKindLabel[p.kind])}{' '}
                {!p.operator && !p.settings && !p.checkin_settings && !p.funding && (
                  <span className="cell-note">#{p.subject_id}</span>
                )}
              </>
            ),
          },
          { header: t('money.proposal_change'), cell: (p) => <ProposalSummary proposal={p} /> },
          {
            header: t('money.decision_reason'),
            className: 'message-text',
            cell: (p) => p.reason || <span className="muted">—</span>,
          },
          {
            header: t('money.proposed_by'),
            cell: (p) => (
              <>
                <code title={p.proposed_by}>{shortAddress(p.proposed_by, 12)}</code>
                {p.proposed_by === self && <span className="cell-note">{t('operators.you')}</span>}
              </>
            ),
          },
          { header: t('money.status'), className: 'nowrap', cell: (p) => t(`money.proposal_status_${p.status}`) },
          {
            header: t('markets.actions'),
            hideHeader: true,
            className: 'table__actions',
            cell: (p) => <ProposalActions proposal={p} />,
          },
        ]}
      />
    </>
  );
}
