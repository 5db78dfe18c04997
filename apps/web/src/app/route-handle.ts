import type { MessageKey } from '../lib/message-key';

/** Static data a route carries for the screens it renders (react-router `handle`). */
export type RouteHandle = {
  /** Title of a screen that has no content of its own yet. */
  titleKey?: MessageKey;
  /** A top-level screen shown with the bottom tab bar (no back button). */
  isTab?: boolean;
};
