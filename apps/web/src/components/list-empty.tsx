import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './list-empty.css';

/** The gradient stroke of the empty-state art: `stroke={LIST_EMPTY_RING}` in the feature's picture. */
export const LIST_EMPTY_RING = 'url(#list-empty-ring)';

type Props = {
  title: string;
  text?: string;
  action?: ReactNode;
  /** The feature's picture inside the dashed ring, in a 120 × 120 box. */
  art: ReactNode;
  /** The feature's spacing (e.g. `m-empty`). */
  className: string;
};

/** An empty list: a picture in a dashed ring, a title, a line of text and an optional action. */
export function ListEmpty({ title, text, action, art, className }: Props) {
  return (
    <section className={`list-empty ${className}`} aria-live="polite">
      <svg className="list-empty__art" viewBox="0 0 120 120" aria-hidden="true">
        <defs>
          <linearGradient id="list-empty-ring" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#a78bfa" />
            <stop offset="1" stopColor="#22d3ee" />
          </linearGradient>
        </defs>
        <circle
          cx="60"
          cy="60"
          r="50"
          fill="rgba(139,92,246,0.08)"
          stroke={LIST_EMPTY_RING}
          strokeOpacity="0.4"
          strokeWidth="2"
          strokeDasharray="3 6"
        />
        {art}
      </svg>
      <h2 className="list-empty__title">{title}</h2>
      {text && <p className="list-empty__text">{text}</p>}
      {action}
    </section>
  );
}

/** The first page failed: its message and a retry button, in the empty state's place. */
export function ListLoadFailed({ text, onRetry, className }: { text: string; onRetry: () => void; className: string }) {
  const { t } = useTranslation();
  return (
    <section className={`list-empty ${className}`} role="alert">
      <h2 className="list-empty__title">{text}</h2>
      <button type="button" className="button button--ghost" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </section>
  );
}
