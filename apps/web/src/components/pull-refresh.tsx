import { useRef, useState, type ReactNode, type TouchEvent } from 'react';
import { useTranslation } from 'react-i18next';
import './pull-refresh.css';

type Status = 'idle' | 'pulling' | 'canRelease' | 'refreshing' | 'complete';

type Props = {
  onRefresh: () => Promise<unknown>;
  children: ReactNode;
};

const THRESHOLD = 60;
const MAX_PULL = 90;

/**
 * Pull down at the top of the page to refresh. A few lines of touch handling instead of
 * antd-mobile's PullToRefresh, which brings a spring-animation library the guest budget cannot pay.
 */
export function PullRefresh({ onRefresh, children }: Props) {
  const { t } = useTranslation();
  const texts: Record<Exclude<Status, 'idle'>, string> = {
    pulling: t('common.pull_to_refresh'),
    canRelease: t('common.release_to_refresh'),
    refreshing: t('common.refreshing'),
    complete: t('common.refreshed'),
  };
  const [status, setStatus] = useState<Status>('idle');
  const [offset, setOffset] = useState(0);
  const start = useRef<number | null>(null);

  const onTouchStart = (event: TouchEvent) => {
    if (status === 'refreshing' || window.scrollY > 0) return;
    start.current = event.touches[0]?.clientY ?? null;
  };
  const onTouchMove = (event: TouchEvent) => {
    if (start.current === null) return;
    const distance = (event.touches[0]?.clientY ?? start.current) - start.current;
    if (distance <= 0 || window.scrollY > 0) {
      setOffset(0);
      setStatus('idle');
      return;
    }
    // Resistance: the content follows the finger at half speed.
    const pulled = Math.min(MAX_PULL, distance / 2);
    setOffset(pulled);
    setStatus(pulled >= THRESHOLD ? 'canRelease' : 'pulling');
  };
  const onTouchEnd = async () => {
    if (start.current === null) return;
    start.current = null;
    if (status !== 'canRelease') {
      setOffset(0);
      setStatus('idle');
      return;
    }
    setStatus('refreshing');
    setOffset(THRESHOLD * 0.7);
    try {
      await onRefresh();
    } finally {
      setStatus('complete');
      setTimeout(() => {
        setOffset(0);
        setStatus('idle');
      }, 500);
    }
  };

  return (
    <div className="pull-refresh" onTouchStart={onTouchStart} onTouchMove={onTouchMove} onTouchEnd={() => void onTouchEnd()}>
      <div className="pull-refresh__head" style={{ height: offset }} aria-live="polite">
        {status !== 'idle' && <span className="pull-refresh__text">{texts[status]}</span>}
      </div>
      {children}
    </div>
  );
}
