import type { ReactNode } from 'react';
import { assetUrl } from '@wallx/shared';
import { config } from '../lib/config';
import './card-parts.css';

// Parts of the miner and market cards.

/** A catalog picture of a miner; the path is relative to the API host (spec §3). */
export function CatalogImage({ src, className }: { src: string; className?: string }) {
  const url = assetUrl(src, config.apiHost);
  return (
    <span className={`catalog-image${className ? ` ${className}` : ''}`} aria-hidden="true">
      {url && <img src={url} alt="" loading="lazy" decoding="async" width={96} height={96} />}
    </span>
  );
}

/** A card's row of figures; the feature's class sets the columns and the figure size. */
export function CardStats({ className, children }: { className: string; children: ReactNode }) {
  return <dl className={`card-stats ${className}`}>{children}</dl>;
}

/** One figure: a label over a value and its unit. */
export function CardStat({
  label,
  unit,
  testId,
  children,
}: {
  label: ReactNode;
  unit?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div className="card-stat">
      <dt>{label}</dt>
      <dd data-testid={testId}>
        {children}
        {unit && (
          <>
            {' '}
            <small>{unit}</small>
          </>
        )}
      </dd>
    </div>
  );
}
