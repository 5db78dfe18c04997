import { assetUrl } from '@wallx/shared';
import { config } from '../../lib/config';

/** A catalog picture; the path is relative to the API host (spec §3). */
export function ProductImage({ src, className }: { src: string; className?: string }) {
  const url = assetUrl(src, config.apiHost);
  return (
    <span className={`product-image${className ? ` ${className}` : ''}`} aria-hidden="true">
      {url && <img src={url} alt="" loading="lazy" decoding="async" width={96} height={96} />}
    </span>
  );
}
