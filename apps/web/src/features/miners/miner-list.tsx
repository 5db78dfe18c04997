import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListLook } from '../../components/paged-list';
import { LIST_EMPTY_RING, ListEmpty, ListLoadFailed } from '../../components/list-empty';
import '../../components/card-list.css';

export function CardSkeleton({ count = 3, tall = false }: { count?: number; tall?: boolean }) {
  const { t } = useTranslation();
  return (
    <ul
      className="card-list miner-list"
      aria-busy="true"
      aria-label={t('common.loading')}
      data-testid="miners-skeleton"
    >
      {Array.from({ length: count }, (_, index) => (
        <li
          key={index}
          className={`list-card miner-card miner-card--skeleton${tall ? ' is-tall' : ''}`}
          aria-hidden="true"
        >
          <span className="shimmer m-skeleton m-skeleton--image" />
          <span className="shimmer m-skeleton m-skeleton--title" />
          <span className="shimmer m-skeleton m-skeleton--line" />
          <span className="shimmer m-skeleton m-skeleton--line m-skeleton--short" />
        </li>
      ))}
    </ul>
  );
}

export function EmptyState(props: { title: string; text?: string; action?: ReactNode }) {
  const art = (
    <>
      <rect x="30" y="40" width="60" height="42" rx="8" fill="#182036" stroke={LIST_EMPTY_RING} strokeWidth="3" />
      <circle cx="48" cy="61" r="9" fill="none" stroke="#6d7794" strokeWidth="3" />
      <path d="M48 52v18M39 61h18" stroke="#6d7794" strokeWidth="2" />
      <path d="M66 54h14M66 61h14M66 68h9" stroke={LIST_EMPTY_RING} strokeWidth="3" strokeLinecap="round" />
    </>
  );
  return <ListEmpty {...props} art={art} className="m-empty" />;
}

export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return <ListLoadFailed text={t('common.load_failed')} onRetry={onRetry} className="m-empty" />;
}

/** Miners, miner orders and output records: cards with the product's picture. */
export const minerListLook: ListLook = {
  skeleton: <CardSkeleton />,
  className: 'miner-list',
  emptyClassName: 'm-empty',
};
