import type { ReactNode } from 'react';
import './status-tag.css';

/** How a status reads: waiting on someone, on its way, done, or over without happening. */
export type StatusTone = 'waiting' | 'moving' | 'done' | 'over';

/** A status as a coloured pill; each feature maps its own statuses to tones. */
export function StatusPill({ tone, status, children }: { tone: StatusTone; status: string; children: ReactNode }) {
  return (
    <span className={`status-tag status-tag--${tone}`} data-status={status}>
      {children}
    </span>
  );
}
