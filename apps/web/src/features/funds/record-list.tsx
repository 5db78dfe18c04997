import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListLook } from '../../components/paged-list';
import { LIST_EMPTY_RING, ListEmpty } from '../../components/list-empty';
import '../../components/card-list.css';
import './record-list.css';

function ListSkeleton() {
  const { t } = useTranslation();
  return (
    <ul
      className="card-list record-list"
      aria-busy="true"
      aria-label={t('common.loading')}
      data-testid="record-skeleton"
    >
      {Array.from({ length: 6 }, (_, index) => (
        <li key={index} className="record record--skeleton" aria-hidden="true">
          <span className="shimmer record-skeleton record-skeleton--icon" />
          <span className="shimmer record-skeleton record-skeleton--title" />
          <span className="shimmer record-skeleton record-skeleton--amount" />
          <span className="shimmer record-skeleton record-skeleton--detail" />
          <span className="shimmer record-skeleton record-skeleton--aside" />
        </li>
      ))}
    </ul>
  );
}

export function EmptyState(props: { title: string; text?: string; action?: ReactNode }) {
  const art = (
    <>
      <rect x="32" y="38" width="56" height="46" rx="9" fill="#182036" stroke={LIST_EMPTY_RING} strokeWidth="3" />
      <path d="M32 64h16l4 7h16l4-7h16" fill="none" stroke={LIST_EMPTY_RING} strokeWidth="3" strokeLinejoin="round" />
      <path d="M46 50h28M50 57h20" stroke="#6d7794" strokeWidth="3" strokeLinecap="round" />
    </>
  );
  return <ListEmpty {...props} art={art} className="record-empty" />;
}

/** Transfer and fund records: rows with an icon, an amount and a time. */
export const recordListLook: ListLook = {
  skeleton: <ListSkeleton />,
  className: 'record-list',
  emptyClassName: 'record-empty',
};
