import type { CourseLock } from '@wallx/shared';
import type { ComponentType } from 'react';
import type { IconProps } from '../../components/icons';
import { ChipIcon, PinIcon } from '../../components/screen-icons';

/** Each condition a course may set: its icon, and where the viewer goes to meet it. */
export const lockParts: Record<CourseLock, { Icon: ComponentType<IconProps>; fixPath: string }> = {
  region: { Icon: PinIcon, fixPath: '/address' },
  miner: { Icon: ChipIcon, fixPath: '/mines' },
};

/** The conditions a refusal names, in a known order; unknown ones (a newer server) are left out. */
export function locksOf(value: unknown): CourseLock[] {
  if (!Array.isArray(value)) return [];
  return (Object.keys(lockParts) as CourseLock[]).filter((lock) => value.includes(lock));
}
