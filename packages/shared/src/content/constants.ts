/** Content rules as plain values (no zod): shared by the operator schemas and the web's screens. */

/** The icons the app draws for a home scene: an operator picks one, the app keys its drawings by these. */
export const sceneIcons = ['checkin', 'therapy', 'tracking', 'staking'] as const;
export type SceneIcon = (typeof sceneIcons)[number];

/** A scene's colour, as the home screen's styles name them (the table's five). */
export const sceneTones = ['violet', 'cyan', 'green', 'amber', 'rose'] as const;
export type SceneTone = (typeof sceneTones)[number];

/** The icons the app draws for an ecology item. */
export const ecologyIcons = ['therapy', 'staking', 'miner', 'market', 'team', 'college'] as const;
export type EcologyIcon = (typeof ecologyIcons)[number];

/** Lengths the content tables hold (migration 012), in characters. */
export const CONTENT_LIMITS = {
  title: 2000,
  shortBody: 8000,
  longBody: 200_000,
  link: 500,
  partnerName: 100,
  partnerMark: 3,
  media: 500,
  /** A course's length, and how far a viewer's position may go. */
  durationSeconds: 86_400,
  regions: 100,
  /** Items one order may list: far more than a screen of content. */
  orderItems: 1000,
} as const;
