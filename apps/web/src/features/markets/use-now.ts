import { useEffect, useState } from 'react';

/**
 * The current time, renewed every `intervalMs`: one clock per list makes every order's time left
 * count down together. Minutes are the finest unit shown, so a 15-second tick is plenty.
 */
export function useNow(intervalMs = 15_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
