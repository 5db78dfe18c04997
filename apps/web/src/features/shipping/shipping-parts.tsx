import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShippingStatus } from '@wallx/shared';
import { LIST_EMPTY_RING, ListEmpty } from '../../components/list-empty';
import type { ListLook } from '../../components/paged-list';
import { StatusPill, type StatusTone } from '../../components/status-tag';
import { showToast } from '../../lib/toast';
import '../../components/card-list.css';
import { ApiError } from '@wallx/shared';

export function ListSkeleton({ count = 2 }: { count?: number }) {
  const { t } = useTranslation();
  return (
    <ul
      className="card-list ship-list"
      aria-busy="true"
      aria-label={t('common.loading')}
      data-testid="shipping-skeleton"
    >
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className="list-card ship-skeleton-card" aria-hidden="true">
          <span className="shimmer ship-skeleton ship-skeleton--title" />
          <span className="shimmer ship-skeleton ship-skeleton--line" />
          <span className="shimmer ship-skeleton ship-skeleton--line ship-skeleton--short" />
        </li>
      ))}
    </ul>
  );
}

/** A titled part of a screen (my request, my physical miners, my write-offs). */
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="ship-section" aria-labelledby={id}>
      <h2 className="ship-section__title" id={id}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** An empty list: a parcel with a pin, in the dashed ring. */
export function EmptyState(props: { title: string; text?: string; action?: ReactNode }) {
  const art = (
    <>
      <path
        d="M60 34 84 46v28L60 86 36 74V46z"
        fill="#182036"
        stroke={LIST_EMPTY_RING}
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <path d="M36 46 60 58l24-12M60 58v28" fill="none" stroke="#6d7794" strokeWidth="3" strokeLinejoin="round" />
      <path d="M48 40 72 52" stroke="#6d7794" strokeWidth="3" strokeLinecap="round" />
    </>
  );
  return <ListEmpty {...props} art={art} className="ship-empty" />;
}

/** Requests, vouchers and write-offs: cards under the screen's sections. */
export const shippingListLook: ListLook = {
  skeleton: <ListSkeleton />,
  className: 'ship-list',
  emptyClassName: 'ship-empty',
};

const tones: Record<ShippingStatus, StatusTone> = {
  to_ship: 'waiting',
  pending: 'waiting',
  shipped: 'moving',
  written_off: 'done',
};

/** Where a request stands: to ship → shipped, or pending → written off. */
export function StatusTag({ status }: { status: ShippingStatus }) {
  const { t } = useTranslation();
  return (
    <StatusPill tone={tones[status]} status={status}>
      {t(`shipping.status.${status}`)}
    </StatusPill>
  );
}

/** An action's refusal (not a form's: no field to show it on) as a toast with the server's message. */
export function useRefusalToast() {
  const { t } = useTranslation();
  return (error: unknown) => showToast(error instanceof ApiError ? error.message : t('errors.internal'));
}
