import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Icon, type IconProps } from './icons';
import './bottom-sheet.css';

// Here rather than in icons.tsx, which every page loads up front.
const CloseIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M6 6l12 12M18 6 6 18" />
  </Icon>
);

/** A sheet opened over another (a picker over a form) is the one Escape closes, not both. */
function isTopmost(panel: HTMLElement | null): boolean {
  const open = document.querySelectorAll('.bottom-sheet.is-open');
  return panel !== null && open[open.length - 1]?.contains(panel) === true;
}

type Props = {
  visible: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  className?: string;
};

/**
 * A modal sheet that slides up from the bottom. Small and dependency-free, so that screens on the
 * guest budget (/mines) need not download antd-mobile's Popup and its animation library.
 */
export function BottomSheet({ visible, onClose, title, children, className }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  // Stays mounted while it slides out; the end of that animation unmounts it.
  const [isMounted, setMounted] = useState(visible);
  if (visible && !isMounted) setMounted(true);
  // Parents pass inline arrows: were onClose a dependency below, any re-render of the parent while
  // the sheet is open (a refetch) would re-run the effect and pull the focus back to the panel.
  const latestOnClose = useRef(onClose);
  useLayoutEffect(() => {
    latestOnClose.current = onClose;
  });

  useEffect(() => {
    if (!visible) return;
    const previous = document.activeElement as HTMLElement | null;
    panel.current?.focus({ preventScroll: true });
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && isTopmost(panel.current)) latestOnClose.current();
    };
    document.addEventListener('keydown', onKey);
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      previous?.focus?.({ preventScroll: true });
    };
  }, [visible]);

  if (!isMounted) return null;
  return createPortal(
    <div className={`bottom-sheet ${visible ? 'is-open' : 'is-closing'}`}>
      <div className="bottom-sheet__mask" onClick={onClose} aria-hidden="true" />
      <div
        ref={panel}
        className={`bottom-sheet__panel${className ? ` ${className}` : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onAnimationEnd={(event) => {
          if (!visible && event.target === event.currentTarget) setMounted(false);
        }}
      >
        <header className="bottom-sheet__head">
          <h2 className="bottom-sheet__title" id={titleId}>
            {title}
          </h2>
          <button
            type="button"
            className="icon-button icon-button--plain bottom-sheet__close"
            onClick={onClose}
            aria-label={t('common.close')}
          >
            <CloseIcon />
          </button>
        </header>
        <div className="bottom-sheet__body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
