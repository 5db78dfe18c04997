// The event stream's limits, without zod: the app's stream client reads them (no screen downloads zod).

/** The longest look back a first connect may ask for: what a page may have read before its stream was open. */
export const STREAM_SINCE_MS_MAX = 60_000;
