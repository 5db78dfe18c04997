import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type Props = { title: string; onClose: () => void; children: ReactNode };

/**
 * The selected row, beside the table (a desktop has the room; the table stays in view). Focus moves
 * to the panel when it opens, and Escape closes it.
 */
export function DetailPanel({ title, onClose, children }: Props) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [title]);
  return (
    <aside
      className="detail"
      aria-label={title}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <header className="detail__header">
        <h2 ref={heading} tabIndex={-1}>
          {title}
        </h2>
        <button type="button" className="button button--ghost button--small" onClick={onClose}>
          {t('table.close')}
        </button>
      </header>
      <div className="detail__body">{children}</div>
    </aside>
  );
}
