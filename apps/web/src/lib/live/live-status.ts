import { useSyncExternalStore } from 'react';

type Listener = () => void;

let isLive = false;
const listeners = new Set<Listener>();

/**
 * Whether the event stream is connected. Kept apart from the stream's lazy chunk so that a screen
 * may ask without loading it: a screen that polls for a change (a deposit's confirmations) polls
 * only while the stream is down.
 */
export const liveStatus = {
  get: (): boolean => isLive,
  set(next: boolean): void {
    if (next === isLive) return;
    isLive = next;
    for (const listener of listeners) listener();
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useIsLive(): boolean {
  return useSyncExternalStore(liveStatus.subscribe, liveStatus.get, () => false);
}
