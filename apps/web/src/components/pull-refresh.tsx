import { useRef, useState, type ReactNode, type TouchEvent } from 'react';
import { useTranslation } from 'react-i18next';
import './pull-refresh.css';

type Status = 'idle' | 'pulling' | 'canRelease' | 'refreshing' | 'complete' | 'failed';

type Props = {
  /** Rejects when the refresh failed: the head then says so instead of "Updated". */
  onRefresh: () => Promise<unknown>;
  children: ReactNode;
};

const THRESHOLD = 60;
const MAX_PULL = 90;
const RESULT_MS = 500;

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
    failed: t('common.refresh_failed'),
  };
  const [status, setStatus] = useState<Status>('idle');
  const [offset, setOffset] = useState(0);
  const start = useRef<number | null>(null);

  const reset = () => {
    setOffset(0);
    setStatus('idle');
  };
  const onTouchStart = (event: TouchEvent) => {
    if (status === 'refreshing' || window.scrollY > 0) return;
    start.current = event.touches[0]?.clientY ?? null;
  };
  const onTouchMove = (event: TouchEvent) => {
    if (start.current === null) return;
    const distance = (event.touches[0]?.clientY ?? start.current) - start.current;
    if (distance <= 0 || window.scrollY > 0) {
      reset();
      return;
    }
    // Resistance: the content follows the finger at half speed.
    const pulled = Math.min(MAX_PULL, distance / 2);
    setOffset(pulled);
    setStatus(pulled >= THRESHOLD ? 'canRelease' : 'pulling');
  };
  // The system took the touch (a call, a scroll gesture of the browser): nothing was released.
  const onTouchCancel = () => {
    if (start.current === null) return;
    start.current = null;
    reset();
  };
  const onTouchEnd = async () => {
    if (start.current === null) return;
    start.current = null;
    if (status !== 'canRelease') {
      reset();
      return;
    }
    setStatus('refreshing');
    setOffset(THRESHOLD * 0.7);
    let result: Status = 'complete';
    try {
      await onRefresh();
    } catch {
      result = 'failed';
    }
    setStatus(result);
    setTimeout(reset, result === 'failed' ? RESULT_MS * 3 : RESULT_MS);
  };

  return (
    <div
      className="pull-refresh"
      onTouchStart={onTouchStart}
      onTouchMove={onTouchMove}
      onTouchEnd={() => void onTouchEnd()}
      onTouchCancel={onTouchCancel}
    >
      <div className="pull-refresh__head" style={{ height: offset }} aria-live="polite">
        {status !== 'idle' && (
          <span
            className={`pull-refresh__text${status === 'failed' ? ' is-failed' : ''}`}
            role={status === 'failed' ? 'alert' : undefined}
          >
            {texts[status]}
          </span>
        )}
      </div>
      {children}
    </div>
  );
}
