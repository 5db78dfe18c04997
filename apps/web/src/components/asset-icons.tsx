import type { ComponentType } from 'react';
import type { Asset } from '@wallx/shared';
import { type IconProps, LogoMark } from './icons';

export function UsdtIcon(props: IconProps) {
  return (
    <svg viewBox="0 0 32 32" width="1em" height="1em" aria-hidden="true" focusable="false" {...props}>
      <circle cx="16" cy="16" r="16" fill="#26a17b" />
      <path
        d="M9 9.5h14v3.3h-5.2v2.2c3.3.2 5.8.9 5.8 1.8s-2.5 1.6-5.8 1.8V24h-3.6v-5.4c-3.3-.2-5.8-.9-5.8-1.8s2.5-1.6 5.8-1.8v-2.2H9z"
        fill="#fff"
      />
      <ellipse cx="16" cy="16.8" rx="5.6" ry="1.1" fill="#26a17b" />
    </svg>
  );
}

export function WallxIcon(props: IconProps) {
  return <LogoMark {...props} />;
}

/** The coin mark of each asset, for lists and pickers. */
export const assetIcons: Record<Asset, ComponentType<IconProps>> = { USDT: UsdtIcon, WALLX: WallxIcon };
