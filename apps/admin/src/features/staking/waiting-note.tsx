import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { shortAddress, type Proposal } from '@wallx/shared';
import { formatTime } from '../../lib/format';
import { useOperatorSession } from '../../lib/session-store';

/** The proposals list, filtered to those waiting about this subject: approving is done there, by another operator. */
const proposalsPath = (about: string) => `/money?tab=proposals&show=any&status=pending&about=${about}`;

/** A change proposed and waiting for a second operator: who proposed it, when, and where to approve it. */
export function WaitingNote({ proposal, children }: { proposal: Proposal; children?: ReactNode }) {
  const { t } = useTranslation();
  const self = useOperatorSession().session?.operator.address;
  return (
    <div className="notice notice--info waiting-note">
      <p>
        {t('staking.waiting', {
          by: proposal.proposed_by === self ? t('operators.you') : shortAddress(proposal.proposed_by, 12),
          at: formatTime(proposal.proposed_at),
        })}{' '}
        <Link to={proposalsPath(proposal.subject_type)}>{t('staking.open_proposals')}</Link>
      </p>
      {children}
    </div>
  );
}
