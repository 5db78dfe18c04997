import { useEffect, useState } from 'react';
import type { HomeContent } from '@wallx/shared';
import { config } from '../../lib/config';

// Home is the first screen: it draws the last content it saw at once and refreshes it behind, so
// it is never blank and never waits on the network to show something. A bare fetch rather than the
// API client keeps the client (and its session logic) out of the guest's first download.
const STORAGE_KEY = 'wallx_home_content';
const TIMEOUT_MS = 5000;

function isHomeContent(value: unknown): value is HomeContent {
  const content = value as Partial<HomeContent> | null;
  return (
    typeof content === 'object' && content !== null && Array.isArray(content.scenes) && Array.isArray(content.partners)
  );
}

function readCachedHome(): HomeContent | null {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null');
    return isHomeContent(stored) ? stored : null;
  } catch {
    return null;
  }
}

function cacheHome(content: HomeContent): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(content));
  } catch {
    // Private mode or a full storage: the next visit shows skeletons first, nothing worse.
  }
}

async function fetchHome(signal?: AbortSignal): Promise<HomeContent> {
  const timeout = AbortSignal.timeout(TIMEOUT_MS);
  const response = await fetch(`${config.apiHost}/api/content/home`, {
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
  });
  const body = (await response.json()) as { code?: number; data?: unknown };
  if (!response.ok || body.code !== 0 || !isHomeContent(body.data))
    throw new Error(`home content: HTTP ${response.status}`);
  return body.data;
}

// What this page load already fetched: coming back to home within a visit shows it without a request.
let fresh: HomeContent | null = null;

export type HomeState = { content: HomeContent | null; hasFailed: boolean; retry: () => void };

export function useHomeContent(): HomeState {
  const [content, setContent] = useState<HomeContent | null>(() => fresh ?? readCachedHome());
  const [hasFailed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (fresh && attempt === 0) return;
    const controller = new AbortController();
    fetchHome(controller.signal).then(
      (next) => {
        fresh = next;
        cacheHome(next);
        setContent(next);
        setFailed(false);
      },
      () => {
        if (!controller.signal.aborted) setFailed(true);
      },
    );
    return () => controller.abort();
  }, [attempt]);
  return {
    content,
    hasFailed,
    retry: () => {
      setFailed(false);
      setAttempt((n) => n + 1);
    },
  };
}
