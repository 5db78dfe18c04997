import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListLook } from '../../components/paged-list';
import { LIST_EMPTY_RING, ListEmpty } from '../../components/list-empty';
import '../../components/card-list.css';

function MembersSkeleton() {
  const { t } = useTranslation();
  return (
    <ul className="card-list team-list" aria-busy="true" aria-label={t('common.loading')} data-testid="team-skeleton">
      {Array.from({ length: 4 }, (_, index) => (
        <li key={index} className="list-card team-member team-member--skeleton" aria-hidden="true">
          <span className="shimmer team-skeleton team-skeleton--avatar" />
          <span className="shimmer team-skeleton team-skeleton--title" />
          <span className="shimmer team-skeleton team-skeleton--line" />
          <span className="shimmer team-skeleton team-skeleton--stats" />
        </li>
      ))}
    </ul>
  );
}

export function EmptyState(props: { title: string; text?: string; action?: ReactNode }) {
  const art = (
    <>
      <circle cx="50" cy="50" r="11" fill="#182036" stroke={LIST_EMPTY_RING} strokeWidth="3" />
      <path
        d="M31 82c2-11 9.5-17 19-17s17 6 19 17"
        fill="#182036"
        stroke={LIST_EMPTY_RING}
        strokeWidth="3"
        strokeLinecap="round"
      />
      <path d="M78 48v18M69 57h18" stroke="#6d7794" strokeWidth="3" strokeLinecap="round" />
    </>
  );
  return <ListEmpty {...props} art={art} className="team-empty" />;
}

/** Team members: cards with the member's address, their team and their performance. */
export const teamListLook: ListLook = {
  skeleton: <MembersSkeleton />,
  className: 'team-list',
  emptyClassName: 'team-empty',
};
