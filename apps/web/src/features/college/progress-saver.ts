/** While a video plays its position is sent at most this often: a lost tab loses at most this much. */
export const SAVE_EVERY_MS = 10_000;

/** Positions closer than this are the same place: nothing new to remember. */
const SAME_PLACE_S = 0.5;

/** Sends a position; `isLeaving`: the screen or the page is going away, so the request must outlive it. */
export type SendProgress = (position: number, isLeaving: boolean) => Promise<unknown>;

export type ProgressSaver = {
  /** Playing began (or began again): the ten seconds count from here or from the last save, whichever is later. */
  started(): void;
  /** A timeupdate while playing (several a second): saved only once SAVE_EVERY_MS has passed since the last save. */
  playing(position: number): void;
  /** Paused or ended: saved at once. */
  stopped(position: number): void;
  /** Leaving the screen, or the page hidden: saved at once, with a request that outlives the page. */
  leaving(position: number): void;
};

/**
 * Decides when a video's position is sent, so that playing makes no request storm: one save per
 * ten seconds of playing, one per pause, none for a place already saved. Saves go one at a time, a
 * newer position waiting for the one in flight, so an older position never lands after a newer one.
 * `start` is where the server says the viewer stopped.
 */
export function createProgressSaver(send: SendProgress, start: number, now: () => number = Date.now): ProgressSaver {
  let saved = start;
  let savedAt = now();
  let startedAt = savedAt;
  let isSending = false;
  let waiting: number | null = null;

  function dispatch(position: number) {
    isSending = true;
    send(position, false)
      .catch(() => {
        // Not kept: the next pause or leaving sends it again (the next tick, a newer one).
        if (saved === position) saved = Number.NaN;
      })
      .finally(() => {
        isSending = false;
        if (waiting === null) return;
        const next = waiting;
        waiting = null;
        dispatch(next);
      });
  }

  function save(position: number, isLeaving: boolean) {
    if (Math.abs(position - saved) < SAME_PLACE_S) return;
    saved = position;
    savedAt = now();
    if (isLeaving) {
      // The page may be gone before a queued save's turn: this one goes now, and it is the newest.
      waiting = null;
      void send(position, true).catch(() => undefined);
    } else if (isSending) {
      waiting = position;
    } else {
      dispatch(position);
    }
  }

  return {
    started: () => {
      startedAt = now();
    },
    playing: (position) => {
      if (now() - Math.max(savedAt, startedAt) >= SAVE_EVERY_MS) save(position, false);
    },
    stopped: (position) => save(position, false),
    leaving: (position) => save(position, true),
  };
}
